import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  CUSTOM_MODEL_MESSAGES,
  type CustomEndpoint,
  customModelValue,
  MAX_CUSTOM_ENDPOINTS,
  parseCustomModelValue,
  type TestCustomEndpointResponse,
} from '@div/shared/custom-models';
import { DEFAULT_MODEL_MAX_TOKENS, type ModelOption, planAllowsModel } from '@div/shared/models';
import { type PlanId, planOf } from '@div/shared/plans';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { customModelEndpoints } from '../../db/schema/custom-models';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { guardedFetch } from '../../lib/guarded-fetch';
import { classifyAddress, SafeFetchError } from '../../lib/ssrf';
import { type AiChunk, type AiProvider, AiProviderError, type AiStreamOptions } from '../../providers/ai';
import { OpenAiRouterProvider } from '../../providers/ai/openai-router';
import { describeAiError } from '../../providers/ai/types';
import { decryptSecret, encryptSecret } from './secrets';

/** Whether a plan includes custom models (the model catalogue's 'custom' tier: Pro). */
export function planAllowsCustomModels(plan: string): boolean {
  return planAllowsModel(planOf(plan).id as PlanId, { tier: 'custom' });
}

type Row = typeof customModelEndpoints.$inferSelect;
type Ctx = { config: Config; db: Database };

function toEndpoint(row: Row): CustomEndpoint {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    apiKeyLast4: row.apiKeyLast4,
    models: row.models,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const last4 = (key: string) => key.slice(-4);

/**
 * Refuses a base URL this server must not call: plain http, or a host that is (or resolves to) a
 * private, loopback or link-local address, unless CUSTOM_MODELS_ALLOW_PRIVATE. The same rule holds
 * again at request time (guarded-fetch), since DNS answers can change after saving.
 */
export async function checkBaseUrl(config: Pick<Config, 'customModelsAllowPrivate'>, baseUrl: string): Promise<void> {
  if (config.customModelsAllowPrivate) return;
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:') throw new AppError('BAD_REQUEST', CUSTOM_MODEL_MESSAGES.httpsOnly);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new AppError('BAD_REQUEST', CUSTOM_MODEL_MESSAGES.unresolvable);
    }
  }
  if (addresses.length === 0 || addresses.some((a) => classifyAddress(a) !== 'public')) {
    throw new AppError('BAD_REQUEST', CUSTOM_MODEL_MESSAGES.privateAddress);
  }
}

async function findOwned(db: Database, userId: string, id: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(customModelEndpoints)
    .where(and(eq(customModelEndpoints.id, id), eq(customModelEndpoints.userId, userId)));
  return row;
}

async function getOwned(db: Database, userId: string, id: string): Promise<Row> {
  const row = await findOwned(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', CUSTOM_MODEL_MESSAGES.notFound);
  return row;
}

export async function listEndpoints(opts: { db: Database; userId: string }): Promise<CustomEndpoint[]> {
  const rows = await opts.db
    .select()
    .from(customModelEndpoints)
    .where(eq(customModelEndpoints.userId, opts.userId))
    .orderBy(asc(customModelEndpoints.createdAt), asc(customModelEndpoints.id));
  return rows.map(toEndpoint);
}

export async function createEndpoint(
  ctx: Ctx,
  opts: { userId: string; input: { name: string; baseUrl: string; apiKey: string; models: string[] } },
): Promise<CustomEndpoint> {
  const { userId, input } = opts;
  await checkBaseUrl(ctx.config, input.baseUrl);
  const row = await ctx.db.transaction(async (tx) => {
    // Serialises one user's concurrent creations so the cap holds.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(customModelEndpoints)
      .where(eq(customModelEndpoints.userId, userId));
    if (Number(count?.n ?? 0) >= MAX_CUSTOM_ENDPOINTS) throw new AppError('CONFLICT', CUSTOM_MODEL_MESSAGES.tooManyEndpoints);
    const [inserted] = await tx
      .insert(customModelEndpoints)
      .values({
        id: randomUUID(),
        userId,
        name: input.name,
        baseUrl: input.baseUrl,
        apiKeyEncrypted: encryptSecret(ctx.config, input.apiKey, userId),
        apiKeyLast4: last4(input.apiKey),
        models: input.models,
      })
      .returning();
    if (!inserted) throw new Error('custom model endpoint not created');
    return inserted;
  });
  return toEndpoint(row);
}

export async function updateEndpoint(
  ctx: Ctx,
  opts: { userId: string; id: string; input: { name?: string; baseUrl?: string; apiKey?: string; models?: string[] } },
): Promise<CustomEndpoint> {
  const { userId, id, input } = opts;
  await getOwned(ctx.db, userId, id);
  if (input.baseUrl !== undefined) await checkBaseUrl(ctx.config, input.baseUrl);
  const [row] = await ctx.db
    .update(customModelEndpoints)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.baseUrl !== undefined ? { baseUrl: input.baseUrl } : {}),
      ...(input.models !== undefined ? { models: input.models } : {}),
      ...(input.apiKey !== undefined
        ? { apiKeyEncrypted: encryptSecret(ctx.config, input.apiKey, userId), apiKeyLast4: last4(input.apiKey) }
        : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(customModelEndpoints.id, id), eq(customModelEndpoints.userId, userId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', CUSTOM_MODEL_MESSAGES.notFound);
  return toEndpoint(row);
}

export async function deleteEndpoint(opts: { db: Database; userId: string; id: string }): Promise<CustomEndpoint> {
  const [row] = await opts.db
    .delete(customModelEndpoints)
    .where(and(eq(customModelEndpoints.id, opts.id), eq(customModelEndpoints.userId, opts.userId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', CUSTOM_MODEL_MESSAGES.notFound);
  return toEndpoint(row);
}

function optionFor(row: Pick<Row, 'id' | 'name'>, model: string): ModelOption {
  return {
    value: customModelValue(row.id, model),
    label: `${model} · ${row.name}`,
    providers: [],
    autoProvider: null,
    isNew: false,
    isThinker: false,
    tier: 'custom',
    maxTokens: DEFAULT_MODEL_MAX_TOKENS,
    kind: 'router',
  };
}

/** The user's custom models as model options (GET /api/ai/models). */
export async function customModelOptions(opts: { db: Database; userId: string }): Promise<ModelOption[]> {
  const rows = await opts.db
    .select({ id: customModelEndpoints.id, name: customModelEndpoints.name, models: customModelEndpoints.models })
    .from(customModelEndpoints)
    .where(eq(customModelEndpoints.userId, opts.userId))
    .orderBy(asc(customModelEndpoints.createdAt), asc(customModelEndpoints.id));
  return rows.flatMap((row) => row.models.map((model) => optionFor(row, model)));
}

/**
 * The provider of one endpoint's model: the router client with the decrypted key, over the guarded
 * fetch. It asks the endpoint for `model` (its own name), whatever value the catalogue uses.
 */
function providerFor(ctx: Ctx, row: Row, model: string, stallTimeoutMs: number): AiProvider {
  const apiKey = decryptSecret(ctx.config, row.apiKeyEncrypted, row.userId);
  if (apiKey === null) throw new AppError('BAD_REQUEST', CUSTOM_MODEL_MESSAGES.keyUnreadable, { openSelectProvider: true });
  const router = new OpenAiRouterProvider({
    apiKey,
    baseUrl: row.baseUrl,
    stallTimeoutMs,
    appName: 'DIV',
    fetch: guardedFetch({ allowPrivate: ctx.config.customModelsAllowPrivate }),
  });
  return new CustomEndpointProvider(router, row.name, model);
}

/**
 * The option and provider serving `custom:<endpointId>:<model>` for this user; null when the endpoint
 * is not theirs (or gone) or does not list the model.
 */
export async function customModelFor(
  ctx: Ctx,
  opts: { userId: string; value: string },
): Promise<{ option: ModelOption; provider: AiProvider } | null> {
  const parsed = parseCustomModelValue(opts.value);
  if (!parsed) return null;
  const row = await findOwned(ctx.db, opts.userId, parsed.endpointId);
  if (!row?.models.includes(parsed.model)) return null;
  return { option: optionFor(row, parsed.model), provider: providerFor(ctx, row, parsed.model, ctx.config.AI_STALL_TIMEOUT_MS) };
}

/** Longest wait of a connection test. */
const TEST_TIMEOUT_MS = 15_000;

/** A 1-token completion against one of the endpoint's models: says whether it answered, and how fast. */
export async function testEndpoint(
  ctx: Ctx,
  opts: { userId: string; id: string; model?: string },
): Promise<TestCustomEndpointResponse> {
  const row = await getOwned(ctx.db, opts.userId, opts.id);
  const model = opts.model ?? row.models[0] ?? '';
  if (!row.models.includes(model)) throw new AppError('BAD_REQUEST', CUSTOM_MODEL_MESSAGES.modelGone);
  const provider = providerFor(ctx, row, model, Math.min(ctx.config.AI_STALL_TIMEOUT_MS, TEST_TIMEOUT_MS));
  const started = Date.now();
  const controller = new AbortController();
  try {
    for await (const _chunk of provider.stream({
      model,
      messages: [{ role: 'user', content: 'Responde solo: ok' }],
      maxTokens: 1,
      signal: controller.signal,
    })) {
      // Reading to the end proves the endpoint streams a complete answer.
    }
    const latencyMs = Date.now() - started;
    return { ok: true, model, latencyMs, message: `Conexión correcta: ${model} respondió en ${latencyMs} ms.` };
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    return { ok: false, model, latencyMs: Date.now() - started, message: error.message, code: describeAiError(error).code };
  }
}

/** Whether a provider error comes from the SSRF guard refusing the endpoint's address. */
function blockedByGuard(error: unknown): boolean {
  for (let e = error as { cause?: unknown } | undefined, depth = 0; e && depth < 5; depth += 1) {
    if (e instanceof SafeFetchError && e.code === 'BLOCKED') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The router client for one endpoint and model, with failures told in terms of that endpoint. */
class CustomEndpointProvider implements AiProvider {
  readonly kind = 'router' as const;
  constructor(
    private readonly router: AiProvider,
    private readonly name: string,
    private readonly model: string,
  ) {}

  async *stream(options: AiStreamOptions): AsyncIterable<AiChunk> {
    try {
      yield* this.router.stream({ ...options, model: this.model });
    } catch (error) {
      throw this.explain(error);
    }
  }

  private explain(error: unknown): unknown {
    if (!(error instanceof AiProviderError)) return error;
    const where = `el endpoint «${this.name}»`;
    const keep = { status: error.status, detail: error.detail, cause: error };
    if (blockedByGuard(error)) return new AiProviderError('upstream', { ...keep, message: CUSTOM_MODEL_MESSAGES.privateAddress });
    if (error.kind === 'auth') {
      return new AiProviderError('auth', {
        ...keep,
        message: `Tu clave de API fue rechazada por ${where}. Revísala en Configuración → Modelos personalizados.`,
      });
    }
    if (error.kind === 'bad_request' && error.status === 404) {
      return new AiProviderError('bad_request', {
        ...keep,
        message: `${capitalise(where)} no reconoce la ruta o el modelo (404). Revisa la URL base y el nombre del modelo.`,
      });
    }
    if (error.kind === 'upstream' && error.status === undefined) {
      return new AiProviderError('upstream', { ...keep, message: `No se pudo conectar con ${where}. Revisa la URL base.` });
    }
    return error;
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
