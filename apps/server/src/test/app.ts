import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, parseConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema/users';
import { createSession } from '../modules/auth/sessions';

/** The configuration tests build the app with: nothing outside, a temporary data folder. */
export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'div-data-')),
    WEB_DIST: path.join(tmpdir(), 'div-no-web-build'),
    PORT: '0',
    ...env,
  });
}

/** Builds the app exactly as production does, on the given database. */
export async function createTestApp(database: DatabaseHandle, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(env), { database, logger: false });
  await app.ready();
  return app;
}

let counter = 0;
/** Creates a user with a signed-in session and returns the bearer token. */
export async function createTestUser(
  database: DatabaseHandle,
  options: { plan?: string; name?: string; email?: string } = {},
): Promise<{ id: string; email: string; token: string; authorization: string }> {
  counter += 1;
  const email = options.email ?? `user${counter}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const [user] = await database.db
    .insert(users)
    .values({ name: options.name ?? `Test User ${counter}`, email, plan: options.plan ?? 'free' })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const { token } = await createSession(database, { userId: user.id, ttlMs: 3_600_000 });
  return { id: user.id, email, token, authorization: `Bearer ${token}` };
}

/**
 * A request to the app on its own host (app.test) as `user` (or signed out): the call most route
 * tests make, so each file does not write it again.
 */
export function injectAs(
  app: FastifyInstance,
  user: { authorization: string } | null,
  method: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'app.test', ...(user ? { authorization: user.authorization } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
