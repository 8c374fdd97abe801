import { LOCAL_COMPOSER_MODEL, localComposerModel, type ModelOption, parseRouterModels } from '@div/shared/models';
import { type Config, ConfigError } from '../../config';
import { LocalComposerProvider } from './composer/provider';
import { OpenAiRouterProvider } from './openai-router';
import type { AiProvider } from './types';

export type { AiChunk, AiMessage, AiProvider, AiSiteFile, AiSiteImage, AiStreamOptions, AiUsage } from './types';
export { AiProviderError } from './types';

export interface AiProviders {
  /** The models this server offers: the router's (when a key is configured), then the local composer. */
  models: ModelOption[];
  /** Whether AI_API_KEY is set, so router models work. */
  routerConfigured: boolean;
  router: AiProvider | null;
  composer: AiProvider;
  /** The option and the provider serving a model id; null when this server does not offer it. */
  forModel(model: string): { option: ModelOption; provider: AiProvider } | null;
  /** The model used when a request names none: the first router model, else the composer. */
  defaultModel: string;
}

type AiConfig = Pick<Config, 'AI_API_KEY' | 'AI_BASE_URL' | 'AI_MODELS' | 'AI_STALL_TIMEOUT_MS' | 'COMPOSER_PACE' | 'publicUrl'>;

/** Chooses the providers from configuration: the router when AI_API_KEY is set; the composer always. */
export function createAiProviders(config: AiConfig): AiProviders {
  let routerModels: ModelOption[];
  try {
    routerModels = parseRouterModels(config.AI_MODELS);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }
  const router = config.AI_API_KEY
    ? new OpenAiRouterProvider({
        apiKey: config.AI_API_KEY,
        baseUrl: config.AI_BASE_URL,
        stallTimeoutMs: config.AI_STALL_TIMEOUT_MS,
        appUrl: config.publicUrl,
        appName: 'DIV',
      })
    : null;
  const composer = new LocalComposerProvider({ charsPerSecond: config.COMPOSER_PACE });
  const models = [...(router ? routerModels : []), localComposerModel];
  return {
    models,
    routerConfigured: router !== null,
    router,
    composer,
    defaultModel: models[0]?.value ?? LOCAL_COMPOSER_MODEL,
    forModel(model) {
      const option = models.find((m) => m.value === model);
      if (!option) return null;
      if (option.kind === 'composer') return { option, provider: composer };
      return router ? { option, provider: router } : null;
    },
  };
}

const cache = new WeakMap<object, AiProviders>();

/** One set of providers per configuration object (the app's config lives as long as the app). */
export function aiProvidersFor(config: AiConfig): AiProviders {
  let providers = cache.get(config);
  if (!providers) {
    providers = createAiProviders(config);
    cache.set(config, providers);
  }
  return providers;
}
