import { CUSTOM_MODEL_MESSAGES, CUSTOM_MODEL_PREFIX } from '@div/shared/custom-models';
import {
  AUTO_PROVIDER,
  type ModelOption,
  minimumPlanFor,
  modelSupportsProvider,
  planAllowsModel,
  providers,
} from '@div/shared/models';
import { type PlanId, plans } from '@div/shared/plans';
import type { AppContext } from '../../context';
import { AppError, planRefusal } from '../../lib/errors';
import type { AiProvider, AiProviders } from '../../providers/ai';
import { customModelFor } from '../custom-models/service';

/**
 * Which model and provider serve a request, or why not: a model outside the plan opens the PRO
 * upsell; a model this server does not offer, or a provider the model does not support, opens the
 * provider settings with the reason.
 */
export function resolveModel(opts: { ai: AiProviders; plan: PlanId; model: string | undefined; provider: string | undefined }): {
  option: ModelOption;
  provider: AiProvider;
  providerChoice: string;
} {
  const modelId = opts.model || opts.ai.defaultModel;
  const found = opts.ai.forModel(modelId);
  if (!found) {
    throw new AppError('BAD_REQUEST', `El modelo ${modelId} no está disponible en este servidor. Elige otro modelo.`, {
      openSelectProvider: true,
    });
  }
  const { option, provider } = found;
  if (!planAllowsModel(opts.plan, option)) {
    const needed = plans[minimumPlanFor(option.tier)].name;
    throw planRefusal(
      'FORBIDDEN',
      `${option.label} está disponible a partir del plan ${needed}. Mejora tu plan para usarlo.`,
      'model',
      opts.plan,
      {
        tier: option.tier,
      },
    );
  }
  // The local composer has no providers: whatever was chosen, it answers itself.
  if (option.kind === 'composer') return { option, provider, providerChoice: AUTO_PROVIDER };
  const choice = opts.provider || AUTO_PROVIDER;
  if (!modelSupportsProvider(option, choice)) {
    const name = choice in providers ? providers[choice as keyof typeof providers].name : choice;
    throw new AppError(
      'BAD_REQUEST',
      `${name} no ofrece el modelo ${option.label}. Elige otro proveedor o deja que se elija automáticamente.`,
      { openSelectProvider: true },
    );
  }
  return { option, provider, providerChoice: choice };
}

/**
 * resolveModel, and also the person's own models (`custom:<endpointId>:<model>`, Pro only, ADR 0085):
 * those are looked up among the user's endpoints and served by a router client of their own.
 */
export async function resolveRequestModel(opts: {
  ctx: Pick<AppContext, 'config' | 'db'>;
  ai: AiProviders;
  userId: string;
  plan: PlanId;
  model: string | undefined;
  provider: string | undefined;
}): Promise<{ option: ModelOption; provider: AiProvider; providerChoice: string }> {
  if (!opts.model?.startsWith(CUSTOM_MODEL_PREFIX)) return resolveModel(opts);
  if (!planAllowsModel(opts.plan, { tier: 'custom' })) {
    throw planRefusal('FORBIDDEN', CUSTOM_MODEL_MESSAGES.proOnly, 'customModels', opts.plan);
  }
  const found = await customModelFor(opts.ctx, { userId: opts.userId, value: opts.model });
  if (!found) throw new AppError('BAD_REQUEST', CUSTOM_MODEL_MESSAGES.modelGone, { openSelectProvider: true });
  // An endpoint of one's own has no provider choice: the request goes to it as it is.
  return { ...found, providerChoice: AUTO_PROVIDER };
}
