import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createTestUser } from '../test/app';
import { call, killHard, type ServerProcess, startServer } from './server-process';
import { createFreshDatabase, type PostgresServer, postgresServer } from './services';

/**
 * Graceful shutdown under load (issue 9, ADR 0125): SIGTERM while saves, renames, clients that
 * leave mid-request and streaming generations are in flight. Nothing answers 500, nothing is logged
 * as an unhandled error, every acknowledged save is stored, the generations stop with a message and
 * give their reserved messages back, and the process exits 0 well before its 10 s force timer.
 */

const page = (text: string) => `<!doctype html><html><body><h1>${text}</h1></body></html>`;
const WRITERS = 20;
const LEAVERS = 20;
const GENERATIONS = 6;

describe('SIGTERM under load', () => {
  let postgres: PostgresServer | undefined;
  let database: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    postgres = await postgresServer();
    const base = postgres.url;
    database = await createFreshDatabase(base);
    handle = await openDatabase({ url: database.url, poolSize: 4 });
  }, 120_000);
  afterAll(async () => {
    if (server) await killHard(server.child);
    await handle?.close();
    await database?.drop();
    await postgres?.stop();
  });

  it('finishes in-flight work, answers 503 to new requests, loses nothing and exits 0 in time', async () => {
    // A slow composer: a generation would stream for much longer than the 10 s force timer.
    server = await startServer({ DATABASE_URL: database.url, COMPOSER_PACE: '60', LOG_LEVEL: 'info' });
    const { url, child } = server;
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );

    const actors = await Promise.all(
      Array.from({ length: WRITERS + GENERATIONS }, async (_, i) => {
        const user = await createTestUser(handle, { plan: 'pro' });
        const created = await call(url, '/api/spaces', {
          method: 'POST',
          authorization: user.authorization,
          body: { name: `Cierre ${i}` },
        });
        expect(created.status).toBe(201);
        return { i, user, space: created.json.space as { id: string; revision: number } };
      }),
    );
    const writers = actors.slice(0, WRITERS);
    const generators = actors.slice(WRITERS);

    let terminated = false;
    let gone = false;
    const statuses: number[] = [];
    const unavailable: Record<string, unknown>[] = [];
    const acked = new Map<string, string>();
    const note = (res: { status: number; json: Record<string, unknown> }) => {
      statuses.push(res.status);
      if (res.status === 503) unavailable.push(res.json);
    };

    const writer = async (actor: (typeof actors)[number]) => {
      let revision = actor.space.revision;
      for (let n = 0; !gone; n += 1) {
        const content = page(`cierre ${actor.i}-${n}`);
        try {
          const saved = await call(url, `/api/spaces/${actor.space.id}/files`, {
            method: 'PUT',
            authorization: actor.user.authorization,
            body: { revision, files: [{ path: 'index.html', content }] },
          });
          note(saved);
          if (saved.status === 200) {
            revision = saved.json.revision as number;
            acked.set(actor.space.id, content);
          }
        } catch {
          // Refused once the server stopped listening.
          if (terminated) await new Promise((resolve) => setTimeout(resolve, 20));
          else throw new Error('a request failed before SIGTERM');
        }
      }
    };
    // Clients that go away while their request is being handled (a rename, a save, a list).
    let leftEarly = 0;
    const leaver = async (i: number) => {
      const actor = writers[i % writers.length] as (typeof actors)[number];
      for (let n = 0; !gone; n += 1) {
        const kind = n % 3;
        try {
          const res = await call(url, kind === 2 ? '/api/spaces' : `/api/spaces/${actor.space.id}`, {
            method: kind === 0 ? 'PATCH' : 'GET',
            authorization: actor.user.authorization,
            ...(kind === 0 ? { body: { name: `Renombrado ${i}-${n}` } } : {}),
            signal: AbortSignal.timeout(1 + ((i * 7 + n) % 12)),
          });
          note(res);
        } catch {
          leftEarly += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const streams: string[] = [];
    const generation = async (actor: (typeof actors)[number]) => {
      try {
        const res = await fetch(`${url}/api/ask-ai/generate-separate-files`, {
          method: 'POST',
          headers: { authorization: actor.user.authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: `Una página para la panadería ${actor.i}`, spaceId: actor.space.id }),
        });
        statuses.push(res.status);
        streams.push(await res.text());
      } catch (error) {
        streams.push(`the connection failed: ${error}`);
      }
    };

    // A save whose body is still arriving when SIGTERM comes: it is in flight, keeps the drain open
    // (so new requests meanwhile answer 503) and must still be answered and stored.
    const slowActor = writers[0] as (typeof actors)[number];
    const slowSpace = await call(url, '/api/spaces', {
      method: 'POST',
      authorization: slowActor.user.authorization,
      body: { name: 'Lenta' },
    });
    const slowSpaceId = (slowSpace.json.space as { id: string }).id;
    const slowContent = page('subida lenta');
    let releaseSlowBody: () => void = () => {};
    const slowSave = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const body = JSON.stringify({
        revision: (slowSpace.json.space as { revision: number }).revision,
        files: [{ path: 'about.html', content: slowContent }],
      });
      const req = httpRequest(
        `${url}/api/spaces/${slowSpaceId}/files`,
        {
          method: 'PUT',
          headers: {
            authorization: slowActor.user.authorization,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += String(chunk);
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      const half = Math.floor(body.length / 2);
      req.write(body.slice(0, half));
      releaseSlowBody = () => req.end(body.slice(half));
    });

    // Awaited later; a failure before then must surface there, not as an unhandled rejection.
    slowSave.catch(() => {});
    const work = Promise.all([
      ...writers.map(writer),
      ...Array.from({ length: LEAVERS }, (_, i) => leaver(i)),
      ...generators.map(generation),
    ]);
    work.catch(() => {});
    // Every generation holds its reserved message and the saves are flowing: then SIGTERM.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const held = (await client.query('select count(*)::int as n from message_reservations')).rows[0].n;
        if ((held >= GENERATIONS && acked.size >= WRITERS / 2) || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await client.query('select count(*)::int as n from message_reservations')).rows[0].n).toBe(GENERATIONS);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const signalledAt = Date.now();
      terminated = true;
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      releaseSlowBody();
      const slow = await slowSave;
      const exit = await exited;
      gone = true;
      await work;

      expect(exit.code).toBe(0);
      // Before main.ts's 10 s force timer (which would exit 1).
      expect(exit.at - signalledAt).toBeLessThan(10_000);
      const output = server.output();
      expect(output).not.toMatch(/unhandled error|Cannot use a pool|generation failed/);
      expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
      expect(leftEarly).toBeGreaterThan(0);
      // New requests during the drain were told why.
      expect(unavailable.length).toBeGreaterThan(0);
      for (const body of unavailable)
        expect(body).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringContaining('reiniciando') });
      expect(slow.status, slow.text).toBe(200);
      const about = await client.query(`select content from space_files where space_id = $1 and path = 'about.html'`, [
        slowSpaceId,
      ]);
      expect(about.rows[0]?.content).toBe(slowContent);
      // Each generation stream ends with a clear error, not silence.
      expect(streams).toHaveLength(GENERATIONS);
      for (const text of streams) expect(text).toContain('"code":"UNAVAILABLE"');

      // Every acknowledged save is stored (the one after it may have landed too, never an older one).
      for (const actor of writers) {
        const last = acked.get(actor.space.id);
        if (!last) continue;
        const stored = (
          await client.query(
            `select f.content, s.revision from space_files f join spaces s on s.id = f.space_id where f.space_id = $1 and f.path = 'index.html'`,
            [actor.space.id],
          )
        ).rows[0];
        const [, n] = /cierre \d+-(\d+)/.exec(stored?.content ?? '') ?? [];
        const [, ackedN] = /cierre \d+-(\d+)/.exec(last) ?? [];
        expect(Number(n), actor.space.id).toBeGreaterThanOrEqual(Number(ackedN));
      }
      // The stopped generations gave their messages back before the database closed: no lease left to expire.
      expect((await client.query('select count(*)::int as n from message_reservations')).rows[0].n).toBe(0);
      for (const actor of generators) {
        const used = (await client.query('select messages_used from users where id = $1', [actor.user.id])).rows[0].messages_used;
        expect(used).toBe(0);
      }
    } catch (error) {
      // What the server said is the first thing to read when this fails.
      const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 12_000))]);
      console.error('server exit:', JSON.stringify(code), 'now', Date.now());
      console.error(
        server
          .output()
          .split('\n')
          .filter((line) => !/incoming request|request completed/.test(line) || line.includes(slowSpaceId))
          .join('\n')
          .slice(-6000),
      );
      throw error;
    } finally {
      await client.end();
    }
  }, 180_000);

  it('lets a handler whose client already left run to its end before the database closes', async () => {
    // Info logs: the request log tells when the request reached the server.
    server = await startServer({ DATABASE_URL: database.url, LOG_LEVEL: 'info' });
    const { url, child } = server;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const user = await createTestUser(handle);
    const created = await call(url, '/api/spaces', {
      method: 'POST',
      authorization: user.authorization,
      body: { name: 'Abandonada' },
    });
    const space = created.json.space as { id: string; revision: number };

    // The space's files wait behind a table lock (the session is checked before the body is read,
    // ADR 0150, so the lock is past it): the handler is stuck in a query, with more to run after.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table space_files in access exclusive mode');
    const content = page('cliente que se fue');
    const leaving = new AbortController();
    const left = call(url, `/api/spaces/${space.id}/files`, {
      method: 'PUT',
      authorization: user.authorization,
      body: { revision: space.revision, files: [{ path: 'left.html', content }] },
      signal: leaving.signal,
    }).then(
      () => 'answered',
      () => 'left',
    );
    const deadline = Date.now() + 10_000;
    while (!server.output().includes(`"url":"/api/spaces/${space.id}/files"`) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    leaving.abort();
    expect(await left).toBe('left');

    // SIGTERM with no socket open: only the tracking knows this handler still runs.
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await locker.query('commit');
    await locker.end();
    expect(await exited).toBe(0);
    expect(server.output()).not.toMatch(/unhandled error|Cannot use a pool/);
    const stored = await handle.db.execute(
      sql`select content from space_files where space_id = ${space.id} and path = 'left.html'`,
    );
    expect((stored as unknown as { rows: { content: string }[] }).rows[0]?.content).toBe(content);
  }, 120_000);
});
