import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../apps/server/src/app';
import type { DatabaseHandle } from '../../../apps/server/src/db/client';
import { users } from '../../../apps/server/src/db/schema/users';
import { createApiKey } from '../../../apps/server/src/modules/api-keys/service';
import { createTestUser, testConfig } from '../../../apps/server/src/test/app';
import { openTestDatabase } from '../../../apps/server/src/test/db';
import { type GitServer, startGitServer } from '../../../apps/server/src/test/git-server';
import { DivApiError, DivClient } from './index';

/** `client.git` against the running server and a real git server (issue 41). */
describe('@div/sdk git sync', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let server: GitServer;
  let client: DivClient;

  beforeAll(async () => {
    server = await startGitServer();
    database = await openTestDatabase();
    app = await buildApp(testConfig({ GIT_ALLOW_PRIVATE: 'true' }), { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createTestUser(database);
    await database.db.update(users).set({ developerPlan: 'growth' }).where(eq(users.id, user.id));
    const { key } = await createApiKey({ db: database.db, userId: user.id, name: 'sdk' });
    client = new DivClient({ apiKey: key, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await server?.close();
  });

  it('connects, pushes, pulls a commit from a clone, reads the status and disconnects', async () => {
    const { space } = await client.spaces.create({ name: 'Desde el SDK' });
    server.createRepo('sdk');
    const wrong = await client.git.connect(space.id, { url: server.url('sdk'), token: 'nope' }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(DivApiError);
    expect((wrong as DivApiError).status).toBe(400);

    const connected = await client.git.connect(space.id, { url: server.url('sdk'), branch: 'main', token: server.token });
    expect(connected).toMatchObject({ connected: true, branch: 'main' });
    expect(JSON.stringify(connected)).not.toContain(server.token);
    const pushed = await client.git.push(space.id);
    expect(pushed.pushed).toBe(true);

    const dir = path.join(server.tempDir(), 'sdk');
    await server.git(path.dirname(dir), 'clone', '-q', server.url('sdk'), dir);
    const { files } = await client.spaces.files(space.id);
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(files.find((f) => f.path === 'index.html')?.content);
    writeFileSync(path.join(dir, 'precios.html'), '<h1>Precios</h1>\n');
    await server.git(dir, 'add', '-A');
    await server.git(dir, 'commit', '-q', '-m', 'Precios');
    await server.git(dir, 'push', '-q', 'origin', 'HEAD:main');

    expect((await client.git.status(space.id)).behind).toBe(1);
    const pulled = await client.git.pull(space.id);
    expect(pulled.version?.prompt).toBe('Desde Git: Precios');
    expect((await client.git.status(space.id)).behind).toBe(0);
    await client.git.disconnect(space.id);
    expect((await client.git.status(space.id)).connected).toBe(false);
  });
});
