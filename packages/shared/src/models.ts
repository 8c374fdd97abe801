import { z } from 'zod';
import { AUTO_PROVIDER, modelTiers } from './model-access';

export { AUTO_PROVIDER, type ModelTier, minimumPlanFor, modelTiers, planAllowsModel } from './model-access';

/**
 * The AI model catalogue (spec sections 3 and 9): the router's models, the providers that serve
 * them with their token limits, and the local composer that works without any model.
 * The router models are data: the server may replace them with the AI_MODELS configuration.
 */

/** Providers the router can be asked to prefer, with the largest request each accepts. */
export const providerIds = ['fireworks-ai', 'nebius', 'sambanova', 'novita', 'hyperbolic', 'together', 'groq'] as const;
export const providerIdSchema = z.enum(providerIds);
export type ProviderId = z.infer<typeof providerIdSchema>;

export const DEFAULT_PROVIDER = AUTO_PROVIDER;
export const providerChoiceSchema = z.union([z.literal(AUTO_PROVIDER), providerIdSchema]);
export type ProviderChoice = z.infer<typeof providerChoiceSchema>;

export interface Provider {
  id: ProviderId;
  name: string;
  max_tokens: number;
  /** How the router (OpenRouter) names this provider in a `provider.order` preference. */
  routerName: string;
}

export const providers: Record<ProviderId, Provider> = {
  'fireworks-ai': { id: 'fireworks-ai', name: 'Fireworks AI', max_tokens: 131_000, routerName: 'fireworks' },
  nebius: { id: 'nebius', name: 'Nebius AI Studio', max_tokens: 131_000, routerName: 'nebius' },
  sambanova: { id: 'sambanova', name: 'SambaNova', max_tokens: 32_000, routerName: 'sambanova' },
  novita: { id: 'novita', name: 'NovitaAI', max_tokens: 16_000, routerName: 'novita' },
  hyperbolic: { id: 'hyperbolic', name: 'Hyperbolic', max_tokens: 131_000, routerName: 'hyperbolic' },
  together: { id: 'together', name: 'Together AI', max_tokens: 128_000, routerName: 'together' },
  groq: { id: 'groq', name: 'Groq', max_tokens: 16_384, routerName: 'groq' },
};

/** Which plans include a model: see model-access.ts. */
export const modelTierSchema = z.enum(modelTiers);

/** Context limit assumed for a model served with 'auto' when it names no provider of its own. */
export const DEFAULT_MODEL_MAX_TOKENS = 131_000;

export const modelOptionSchema = z.object({
  /** The router's model id (e.g. an OpenRouter id) or 'div-local-composer'. */
  value: z.string().trim().min(1).max(200),
  label: z.string().trim().min(1).max(100),
  /** Providers the model may be pinned to; empty means only 'auto'. */
  providers: z.array(providerIdSchema).default([]),
  /** The provider whose limits apply when the choice is 'auto'; null lets the router decide. */
  autoProvider: providerIdSchema.nullable().default(null),
  isNew: z.boolean().default(false),
  isThinker: z.boolean().default(false),
  tier: modelTierSchema.default('advanced'),
  /** Largest request when no provider limit applies. */
  maxTokens: z.number().int().positive().default(DEFAULT_MODEL_MAX_TOKENS),
  /** 'router' goes through the OpenAI-compatible router; 'composer' is the local composer. */
  kind: z.enum(['router', 'composer']).default('router'),
});
export type ModelOption = z.infer<typeof modelOptionSchema>;
export type ModelOptionInput = z.input<typeof modelOptionSchema>;

export const LOCAL_COMPOSER_MODEL = 'div-local-composer';

/** The local composer: always offered, needs no key. */
export const localComposerModel: ModelOption = {
  value: LOCAL_COMPOSER_MODEL,
  label: 'Compositor local (sin modelo de IA)',
  providers: [],
  autoProvider: null,
  isNew: false,
  isThinker: false,
  tier: 'basic',
  maxTokens: 1_000_000,
  kind: 'composer',
};

/** The six router models of the spec. */
export const defaultRouterModels: ModelOption[] = [
  {
    value: 'google/gemini-2.0-flash-001',
    label: 'Gemini 2.0 Flash',
    providers: [],
    autoProvider: null,
    isNew: false,
    isThinker: false,
    tier: 'basic',
    maxTokens: 1_000_000,
    kind: 'router',
  },
  {
    value: 'deepseek/deepseek-chat-v3-0324',
    label: 'DeepSeek V3 0324',
    providers: ['fireworks-ai', 'nebius', 'sambanova', 'novita', 'hyperbolic', 'together'],
    autoProvider: 'novita',
    isNew: false,
    isThinker: false,
    tier: 'basic',
    maxTokens: DEFAULT_MODEL_MAX_TOKENS,
    kind: 'router',
  },
  {
    value: 'deepseek/deepseek-r1-0528',
    label: 'DeepSeek R1 0528',
    providers: ['fireworks-ai', 'novita', 'hyperbolic', 'nebius', 'together', 'sambanova'],
    autoProvider: 'novita',
    isNew: false,
    isThinker: true,
    tier: 'advanced',
    maxTokens: DEFAULT_MODEL_MAX_TOKENS,
    kind: 'router',
  },
  {
    value: 'google/gemini-2.5-flash-preview-05-20',
    label: 'Gemini 2.5 Flash preview',
    providers: [],
    autoProvider: null,
    isNew: false,
    isThinker: false,
    tier: 'advanced',
    maxTokens: 1_000_000,
    kind: 'router',
  },
  {
    value: 'anthropic/claude-3.7-sonnet',
    label: 'Claude 3.7 Sonnet',
    providers: [],
    autoProvider: null,
    isNew: false,
    isThinker: false,
    tier: 'premium',
    maxTokens: 200_000,
    kind: 'router',
  },
  {
    value: 'qwen/qwen3-coder',
    label: 'Qwen 3 Coder',
    providers: ['novita', 'hyperbolic', 'together', 'fireworks-ai', 'nebius', 'groq'],
    autoProvider: 'novita',
    isNew: true,
    isThinker: false,
    tier: 'advanced',
    maxTokens: 262_000,
    kind: 'router',
  },
];

export const modelCatalogueSchema = z.array(modelOptionSchema).min(1).max(100);

export class ModelCatalogueError extends Error {}

/**
 * Parses the AI_MODELS configuration: a JSON array of model options (see modelOptionSchema).
 * Undefined or blank gives the default router models. Throws ModelCatalogueError with a message
 * naming the wrong field.
 */
export function parseRouterModels(json: string | undefined): ModelOption[] {
  if (json === undefined || json.trim() === '') return defaultRouterModels;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ModelCatalogueError('AI_MODELS must be a JSON array of models');
  }
  const result = modelCatalogueSchema.safeParse(raw);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new ModelCatalogueError(`AI_MODELS: ${first?.path.join('.') ?? ''} ${first?.message ?? 'invalid'}`.trim());
  }
  const values = new Set<string>();
  for (const model of result.data) {
    if (model.value === LOCAL_COMPOSER_MODEL) throw new ModelCatalogueError(`AI_MODELS: '${LOCAL_COMPOSER_MODEL}' is reserved`);
    if (values.has(model.value)) throw new ModelCatalogueError(`AI_MODELS: model '${model.value}' is listed twice`);
    values.add(model.value);
    if (model.autoProvider && !model.providers.includes(model.autoProvider)) {
      throw new ModelCatalogueError(`AI_MODELS: model '${model.value}' has an autoProvider it does not list in providers`);
    }
  }
  return result.data.map((m) => ({ ...m, kind: 'router' as const }));
}

/** Whether the model may be pinned to this provider choice ('auto' is always allowed). */
export function modelSupportsProvider(model: Pick<ModelOption, 'providers'>, provider: string): boolean {
  return provider === AUTO_PROVIDER || (model.providers as string[]).includes(provider);
}

/** The largest request (prompt plus context, in tokens) for this model and provider choice. */
export function maxTokensFor(model: Pick<ModelOption, 'autoProvider' | 'maxTokens'>, provider: string): number {
  if (provider !== AUTO_PROVIDER && provider in providers) return providers[provider as ProviderId].max_tokens;
  if (model.autoProvider) return providers[model.autoProvider].max_tokens;
  return model.maxTokens;
}

/** The catalogue as GET /api/ai/models answers it. */
export const modelsResponseSchema = z.object({
  models: z.array(modelOptionSchema),
  providers: z.array(z.object({ id: providerIdSchema, name: z.string(), max_tokens: z.number() })),
  defaultModel: z.string(),
  defaultProvider: z.string(),
  /** False when the server has no AI key: only the local composer works. */
  routerConfigured: z.boolean(),
});
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;
