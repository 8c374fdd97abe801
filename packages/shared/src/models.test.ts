import { describe, expect, it } from 'vitest';
import {
  defaultRouterModels,
  LOCAL_COMPOSER_MODEL,
  localComposerModel,
  ModelCatalogueError,
  maxTokensFor,
  minimumPlanFor,
  modelSupportsProvider,
  parseRouterModels,
  planAllowsModel,
  providers,
} from './models';

const byLabel = (label: string) => {
  const model = defaultRouterModels.find((m) => m.label === label);
  if (!model) throw new Error(`no model ${label}`);
  return model;
};

describe('model catalogue', () => {
  it('lists the six models of the spec, R1 as the thinker', () => {
    expect(defaultRouterModels.map((m) => m.label)).toEqual([
      'Gemini 2.0 Flash',
      'DeepSeek V3 0324',
      'DeepSeek R1 0528',
      'Gemini 2.5 Flash preview',
      'Claude 3.7 Sonnet',
      'Qwen 3 Coder',
    ]);
    expect(defaultRouterModels.filter((m) => m.isThinker).map((m) => m.label)).toEqual(['DeepSeek R1 0528']);
    expect(new Set(defaultRouterModels.map((m) => m.value)).size).toBe(6);
  });

  it('has the seven providers with their token limits', () => {
    expect(Object.fromEntries(Object.values(providers).map((p) => [p.id, p.max_tokens]))).toEqual({
      'fireworks-ai': 131000,
      nebius: 131000,
      sambanova: 32000,
      novita: 16000,
      hyperbolic: 131000,
      together: 128000,
      groq: 16384,
    });
  });

  it('offers the local composer as its own option that says it needs no model', () => {
    expect(localComposerModel.value).toBe(LOCAL_COMPOSER_MODEL);
    expect(localComposerModel.label).toMatch(/sin modelo/i);
    expect(localComposerModel.kind).toBe('composer');
  });

  it('gates models by plan: free basic, small advanced, medium all', () => {
    const flash = byLabel('Gemini 2.0 Flash');
    const r1 = byLabel('DeepSeek R1 0528');
    const claude = byLabel('Claude 3.7 Sonnet');
    expect([planAllowsModel('free', flash), planAllowsModel('free', r1), planAllowsModel('free', claude)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([planAllowsModel('small', flash), planAllowsModel('small', r1), planAllowsModel('small', claude)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(defaultRouterModels.every((m) => planAllowsModel('medium', m))).toBe(true);
    expect(planAllowsModel('medium', { tier: 'custom' })).toBe(false);
    expect(planAllowsModel('pro', { tier: 'custom' })).toBe(true);
    expect(planAllowsModel('free', localComposerModel)).toBe(true);
  });

  it('names the cheapest plan that includes each tier (the upsell message)', () => {
    expect((['basic', 'advanced', 'premium', 'custom'] as const).map(minimumPlanFor)).toEqual(['free', 'small', 'medium', 'pro']);
  });

  it('knows which provider a model accepts and the token limit that applies', () => {
    const v3 = byLabel('DeepSeek V3 0324');
    expect(modelSupportsProvider(v3, 'auto')).toBe(true);
    expect(modelSupportsProvider(v3, 'fireworks-ai')).toBe(true);
    expect(modelSupportsProvider(v3, 'groq')).toBe(false);
    expect(maxTokensFor(v3, 'sambanova')).toBe(32000);
    expect(maxTokensFor(v3, 'auto')).toBe(16000); // its autoProvider, novita
    expect(maxTokensFor(byLabel('Claude 3.7 Sonnet'), 'auto')).toBe(200_000);
  });
});

describe('AI_MODELS configuration', () => {
  it('defaults to the six models when unset or blank', () => {
    expect(parseRouterModels(undefined)).toBe(defaultRouterModels);
    expect(parseRouterModels('  ')).toBe(defaultRouterModels);
  });

  it('replaces the list with configured models, filling defaults', () => {
    const models = parseRouterModels(
      JSON.stringify([
        { value: 'meta/llama-4', label: 'Llama 4', providers: ['groq'], autoProvider: 'groq', tier: 'basic' },
        { value: 'mistral/large', label: 'Mistral Large' },
      ]),
    );
    expect(models).toHaveLength(2);
    expect(models[0]).toMatchObject({ value: 'meta/llama-4', tier: 'basic', isThinker: false, kind: 'router' });
    expect(models[1]).toMatchObject({ providers: [], autoProvider: null, tier: 'advanced', maxTokens: 131000 });
  });

  it('rejects malformed configuration with a message naming the problem', () => {
    expect(() => parseRouterModels('{nope')).toThrow(ModelCatalogueError);
    expect(() => parseRouterModels('[]')).toThrow(/AI_MODELS/);
    expect(() => parseRouterModels(JSON.stringify([{ value: 'x' }]))).toThrow(/label/);
    expect(() => parseRouterModels(JSON.stringify([{ value: 'x', label: 'X', providers: ['acme'] }]))).toThrow(/providers/);
    expect(() =>
      parseRouterModels(
        JSON.stringify([
          { value: 'x', label: 'X' },
          { value: 'x', label: 'Y' },
        ]),
      ),
    ).toThrow(/twice/);
    expect(() => parseRouterModels(JSON.stringify([{ value: LOCAL_COMPOSER_MODEL, label: 'X' }]))).toThrow(/reserved/);
    expect(() => parseRouterModels(JSON.stringify([{ value: 'x', label: 'X', autoProvider: 'groq' }]))).toThrow(/autoProvider/);
  });
});
