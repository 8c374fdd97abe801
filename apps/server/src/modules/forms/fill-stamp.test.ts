import { gunzipSync } from 'node:zlib';
import { DAY_MS } from '@div/shared/constants';
import { submissionListSchema } from '@div/shared/forms';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp, createTestUser, injectAs, testConfig } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { fillStampAge, fillStampKeyOf, signFillStamp } from './fill-stamp';

const page = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Taller</title></head>
<body><form id="contacto"><input name="nombre" required><textarea name="mensaje"></textarea><button>Enviar</button></form>
<form id="boletin"><input type="email" name="correo" required><button>Apuntarme</button></form></body></html>`;

/**
 * Issue 36 item 5, the speed check without JavaScript (ADR 0253): each time a page with forms is
 * served, its forms get the signed serve time; a post tells from it how long the visitor took.
 */
describe('the server fill stamp', () => {
  const env = {
    SITES_DOMAIN: 'sites.test',
    PUBLIC_URL: 'http://app.test',
    SESSION_SECRET: 'a-session-secret-for-the-fill-stamp-test',
  };
  const key = fillStampKeyOf(testConfig(env));
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof createTestUser>>;
  let spaceId = '';
  let host = '';

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await createTestApp(database, { ...env, FORMS_RATE_PER_IP: '100' });
    owner = await createTestUser(database, { plan: 'free' });
    const created = await injectAs(app, owner, 'POST', '/api/spaces', { name: 'Taller Sello' });
    spaceId = created.json().space.id;
    await injectAs(app, owner, 'PUT', `/api/spaces/${spaceId}/files`, {
      revision: created.json().space.revision,
      files: [{ path: 'index.html', content: page }],
      replaceAll: true,
    });
    const deployed = await injectAs(app, owner, 'POST', '/api/deploy', { spaceId });
    expect(deployed.statusCode, deployed.body).toBe(200);
    host = new URL(deployed.json().url).host;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const stampsIn = (html: string) => [...html.matchAll(/name="_div_s" value="([^"]*)"/g)].map((m) => m[1] ?? '');
  let ip = 0;
  /** A post as a browser without JavaScript sends it: no script time, an HTML answer. */
  const postNoJs = (fields: Record<string, string>) => {
    ip += 1;
    return app.inject({
      method: 'POST',
      url: '/_div/forms/contacto',
      remoteAddress: `203.0.113.${ip}`,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({ _div_page: '/', _div_hp: '', _div_t: '', nombre: 'Jordi', ...fields }).toString(),
    });
  };
  const folder = async (name: 'inbox' | 'spam') =>
    submissionListSchema.parse((await injectAs(app, owner, 'GET', `/api/spaces/${spaceId}/submissions?folder=${name}`)).json())
      .submissions;

  it('each serving of the page stamps every form with the time, signed; gzip and 304 still work', async () => {
    const first = await app.inject({ url: '/', headers: { host } });
    expect(first.statusCode).toBe(200);
    const stamps = stampsIn(first.body);
    expect(stamps).toHaveLength(2);
    expect(new Set(stamps).size).toBe(1);
    expect(fillStampAge(key, stamps[0])).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 5));
    const zipped = await app.inject({ url: '/', headers: { host, 'accept-encoding': 'br, gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const again = stampsIn(gunzipSync(zipped.rawPayload).toString('utf8'));
    expect(again[0]).not.toBe(stamps[0]);
    expect(fillStampAge(key, again[0])).not.toBeNull();
    // A client that holds the page revalidates it as before (its stamp only grows older).
    expect(first.headers.etag).toMatch(/^W\//);
    const held = await app.inject({ url: '/', headers: { host, 'if-none-match': String(first.headers.etag) } });
    expect(held.statusCode).toBe(304);
  });

  it('without JavaScript: a post right after the page is served is spam (too fast); one after a person’s time arrives', async () => {
    const served = stampsIn((await app.inject({ url: '/', headers: { host } })).body)[0] ?? '';
    const quick = await postNoJs({ mensaje: 'Al instante', _div_s: served });
    // The visitor sees the same thank-you either way; the owner finds it in Spam.
    expect(quick.statusCode).toBe(303);
    const slow = await postNoJs({ mensaje: 'Con calma', _div_s: signFillStamp(key, Date.now() - 8000) });
    expect(slow.statusCode).toBe(303);
    expect((await folder('inbox')).map((s) => s.fields.find((f) => f.name === 'mensaje')?.value)).toEqual(['Con calma']);
    const spam = await folder('spam');
    expect(spam.map((s) => [s.fields.find((f) => f.name === 'mensaje')?.value, s.spamReason])).toEqual([
      ['Al instante', 'too-fast'],
    ]);
  });

  it('a forged, altered or week-old stamp, or none, is no timing: spam; a script time cannot hide a page served just now', async () => {
    const valid = signFillStamp(key, Date.now() - 8000);
    const other = signFillStamp(
      fillStampKeyOf(testConfig({ ...env, SESSION_SECRET: 'another-secret-another-deployment-of-div' })),
      Date.now() - 8000,
    );
    const bad = [
      `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`,
      `${(Date.now() - 60_000).toString(36)}${valid.slice(valid.indexOf('.'))}`,
      other,
      signFillStamp(key, Date.now() - 8 * DAY_MS),
      '',
    ];
    for (const [i, stamp] of bad.entries())
      expect((await postNoJs({ mensaje: `Sello ${i}`, _div_s: stamp })).statusCode).toBe(303);
    ip += 1;
    const scripted = await app.inject({
      method: 'POST',
      url: '/_div/forms/contacto',
      remoteAddress: `203.0.113.${ip}`,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams({
        _div_page: '/',
        _div_t: '9000',
        _div_s: signFillStamp(key),
        nombre: 'Bot',
        mensaje: 'Miento',
      }).toString(),
    });
    expect(scripted.statusCode, scripted.body).toBe(200);
    const reasons = new Map((await folder('spam')).map((s) => [s.fields.find((f) => f.name === 'mensaje')?.value, s.spamReason]));
    for (const i of bad.keys()) expect(reasons.get(`Sello ${i}`)).toBe('no-timing');
    expect(reasons.get('Miento')).toBe('too-fast');
    expect((await folder('inbox')).map((s) => s.fields.find((f) => f.name === 'mensaje')?.value)).toEqual(['Con calma']);
  });
});
