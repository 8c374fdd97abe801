import type { AddressInfo } from 'node:net';
import type { GenerationEvent } from '@div/shared/generation';
import { readNdjson } from '@div/shared/ndjson';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/users';
import { testConfig } from '../../test/app';

/** The app listening on a real port (streams, aborts and socket closes behave as in production). */
export async function listenTestApp(
  database: DatabaseHandle,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp(testConfig(env), { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}

export interface GenerationAnswer {
  status: number;
  contentType: string;
  /** The streamed events (200), or empty. */
  events: GenerationEvent[];
  /** The JSON body of a non-200 answer. */
  json: { message?: string; code?: string; openProModal?: boolean; openSelectProvider?: boolean } | null;
}

export async function postGenerate(
  url: string,
  authorization: string | null,
  body: Record<string, unknown>,
  options: { signal?: AbortSignal; onEvent?: (event: GenerationEvent) => void } = {},
): Promise<GenerationAnswer> {
  const response = await fetch(`${url}/api/ask-ai/generate-separate-files`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !contentType.includes('ndjson') || !response.body) {
    return { status: response.status, contentType, events: [], json: (await response.json()) as GenerationAnswer['json'] };
  }
  const events: GenerationEvent[] = [];
  for await (const value of readNdjson(response.body)) {
    const event = value as GenerationEvent;
    events.push(event);
    options.onEvent?.(event);
  }
  return { status: 200, contentType, events, json: null };
}

export async function postJson(url: string, path: string, authorization: string | null, body: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

export async function createSpaceFor(url: string, authorization: string, name = 'Mi sitio'): Promise<string> {
  const { status, json } = await postJson(url, '/api/spaces', authorization, { name });
  if (status !== 201) throw new Error(`space not created: ${status}`);
  return (json.space as { id: string }).id;
}

export async function readSpace(url: string, authorization: string, spaceId: string) {
  const response = await fetch(`${url}/api/spaces/${spaceId}`, { headers: { authorization } });
  return (await response.json()) as {
    files: { id: string; content: string }[];
    versions: { id: string; source: string; prompt: string | null }[];
    revision: number;
  };
}

export async function messagesUsed(database: DatabaseHandle, userId: string): Promise<number> {
  const [row] = await database.db.select({ used: users.messagesUsed }).from(users).where(eq(users.id, userId));
  return row?.used ?? -1;
}

export async function setMessagesUsed(database: DatabaseHandle, userId: string, used: number): Promise<void> {
  // A period that has not ended, so the counter is not reset by the next reservation.
  const periodEndsAt = new Date(Date.now() + 20 * 24 * 3_600_000);
  await database.db.update(users).set({ messagesUsed: used, periodEndsAt }).where(eq(users.id, userId));
}

export function codeOf(events: GenerationEvent[], path: string): string {
  return events
    .filter((e): e is Extract<GenerationEvent, { type: 'code' }> => e.type === 'code' && e.path === path)
    .map((e) => e.delta)
    .join('');
}

export function eventOf<T extends GenerationEvent['type']>(events: GenerationEvent[], type: T) {
  return events.find((e) => e.type === type) as Extract<GenerationEvent, { type: T }> | undefined;
}

/** Resolves within `ms` or rejects (so a test about a socket closing fails instead of hanging). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
