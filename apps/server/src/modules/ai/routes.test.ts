import { defaultRouterModels, LOCAL_COMPOSER_MODEL, modelsResponseSchema } from '@div/shared/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { createAiProviders } from '../../providers/ai';
import { createTestApp, testConfig } from '../../test/app';
import { openTestDatabase } from '../../test/db';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('GET /api/ai/models', () => {
  it('offers only the local composer when no AI key is configured', async () => {
    const app = await createTestApp(database);
    const response = await app.inject({ method: 'GET', url: '/api/ai/models' });
    expect(response.statusCode).toBe(200);
    const body = modelsResponseSchema.parse(response.json());
    expect(body.models.map((m) => m.value)).toEqual([LOCAL_COMPOSER_MODEL]);
    expect(body.models[0]?.label).toMatch(/sin modelo/i);
    expect(body.routerConfigured).toBe(false);
    expect(body.defaultModel).toBe(LOCAL_COMPOSER_MODEL);
    expect(body.defaultProvider).toBe('auto');
    expect(body.providers).toHaveLength(7);
    expect(body.providers.find((p) => p.id === 'groq')?.max_tokens).toBe(16384);
    await app.close();
  });

  it('offers the router models and the composer when a key is configured', async () => {
    const app = await createTestApp(database, { AI_API_KEY: 'sk-test' });
    const body = modelsResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/ai/models' })).json());
    expect(body.models.map((m) => m.value)).toEqual([...defaultRouterModels.map((m) => m.value), LOCAL_COMPOSER_MODEL]);
    expect(body.models.find((m) => m.isThinker)?.label).toBe('DeepSeek R1 0528');
    expect(body.routerConfigured).toBe(true);
    expect(body.defaultModel).toBe(defaultRouterModels[0]?.value);
    await app.close();
  });

  it('takes the router models from AI_MODELS, so new models need no code', async () => {
    const app = await createTestApp(database, {
      AI_API_KEY: 'sk-test',
      AI_MODELS: JSON.stringify([
        { value: 'meta-llama/llama-4-maverick', label: 'Llama 4 Maverick', isNew: true, tier: 'basic' },
      ]),
    });
    const body = modelsResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/ai/models' })).json());
    expect(body.models.map((m) => m.label)).toEqual(['Llama 4 Maverick', 'Compositor local (sin modelo de IA)']);
    await app.close();
  });

  it('refuses to start with a malformed AI_MODELS', () => {
    expect(() => createAiProviders(testConfig({ AI_MODELS: '[{"value":"x"}]' }))).toThrow(ConfigError);
  });

  it('lists the starter templates, premium ones marked', async () => {
    const app = await createTestApp(database);
    const body = (await app.inject({ method: 'GET', url: '/api/ai/templates' })).json() as {
      templates: { id: string; premium: boolean }[];
    };
    expect(body.templates.length).toBeGreaterThanOrEqual(8);
    expect(body.templates.some((t) => t.premium)).toBe(true);
    expect(body.templates.some((t) => !t.premium)).toBe(true);
    await app.close();
  });
});

describe('provider factory', () => {
  it('routes each model to the provider that serves it', () => {
    const withKey = createAiProviders(testConfig({ AI_API_KEY: 'k' }));
    expect(withKey.forModel(LOCAL_COMPOSER_MODEL)?.provider.kind).toBe('composer');
    expect(withKey.forModel('deepseek/deepseek-r1-0528')?.provider.kind).toBe('router');
    expect(withKey.forModel('unknown/model')).toBeNull();
    const without = createAiProviders(testConfig());
    expect(without.router).toBeNull();
    expect(without.forModel('deepseek/deepseek-r1-0528')).toBeNull();
    expect(without.forModel(LOCAL_COMPOSER_MODEL)?.provider.kind).toBe('composer');
  });
});
