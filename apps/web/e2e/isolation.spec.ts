import { expect, test } from '@playwright/test';
import { sessionToken, signIn } from './fixtures/sign-in';

/**
 * Isolation (issue 9): a generated site is hostile code. Rendered in the editor's preview host
 * (/preview/frame, a sandboxed opaque origin) or served on its published host ({slug}.localhost),
 * it must not read the app's storage, cookies or session token, nor call the API as the person.
 */

const port = Number(process.env.E2E_PORT ?? 3100);

/** The attack: tries every way to the app's secrets and reports what it got. */
const ATTACK = `
(async function () {
  var out = {};
  function attempt(name, fn) {
    try { var v = fn(); out[name] = v === null || v === undefined ? null : String(v); }
    catch (e) { out[name] = 'blocked: ' + (e && e.name); }
  }
  attempt('localToken', function () { return localStorage.getItem('div_auth_token'); });
  attempt('localSession', function () { return localStorage.getItem('div_session'); });
  attempt('sessionStorage', function () { return sessionStorage.length; });
  attempt('cookie', function () { return document.cookie; });
  attempt('parentToken', function () { return window.parent.localStorage.getItem('div_auth_token'); });
  attempt('parentCookie', function () { return window.parent.document.cookie; });
  attempt('topLocation', function () { return window.top.location.href; });
  attempt('openerToken', function () { return window.opener && window.opener.localStorage.getItem('div_auth_token'); });
  try {
    var r = await fetch(APP_ORIGIN + '/api/user/profile', { credentials: 'include' });
    out.api = 'status ' + r.status + ' ' + (await r.text()).slice(0, 80);
  } catch (e) { out.api = 'blocked: ' + (e && e.name); }
  try {
    await new Promise(function (resolve, reject) {
      var req = indexedDB.open('div-probe');
      req.onsuccess = function () { resolve(null); };
      req.onerror = function () { reject(req.error); };
    });
    out.indexedDB = 'opened';
  } catch (e) { out.indexedDB = 'blocked: ' + (e && e.name); }
  var pre = document.createElement('pre');
  pre.id = 'attack-result';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
  try { window.parent.postMessage({ source: 'attack', out: out }, '*'); } catch (e) {}
})();
`;

function attackPage(origin: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Sitio</title></head><body><h1>Mi sitio</h1><script>var APP_ORIGIN = ${JSON.stringify(origin)};${ATTACK}</script></body></html>`;
}

function expectNothingLeaked(out: Record<string, string | null>, token: string) {
  const all = JSON.stringify(out);
  expect(all).not.toContain(token);
  expect(all).not.toContain('probe-secret');
  expect(out.localToken ?? '').not.toContain(token);
  // The API answers nothing to the page: refused by CORS (no credentials, no bearer token).
  expect(out.api ?? '').not.toMatch(/status 200/);
}

test('a generated site in the preview cannot read the app’s storage, cookies or token', async ({ page, context, baseURL }) => {
  await signIn(page, 'Aislamiento');
  const token = await sessionToken(page);
  await context.addCookies([{ name: 'div_probe', value: 'probe-secret', url: baseURL ?? `http://localhost:${port}` }]);

  // Render the hostile page exactly as the editor does: into the preview host frame, by message.
  const out = await page.evaluate(
    async ({ html }) => {
      const frame = document.createElement('iframe');
      frame.src = '/preview/frame';
      frame.title = 'Vista previa';
      document.body.appendChild(frame);
      return await new Promise<Record<string, string | null>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the preview did not report')), 15_000);
        window.addEventListener('message', (event) => {
          if (event.source !== frame.contentWindow) return;
          const data = event.data as { source?: string; type?: string; out?: Record<string, string | null> };
          if (data?.source === 'div-preview' && data.type === 'host-ready') {
            frame.contentWindow?.postMessage({ source: 'div-editor', type: 'render', html }, '*');
          }
          if (data?.source === 'attack' && data.out) {
            clearTimeout(timer);
            resolve(data.out);
          }
        });
      });
    },
    { html: attackPage(baseURL ?? `http://localhost:${port}`) },
  );
  expectNothingLeaked(out, token);
  // The editor around it is another origin: reaching into it throws.
  expect(out.parentToken).toMatch(/^blocked/);
  expect(out.parentCookie).toMatch(/^blocked/);
  expect(out.topLocation).toMatch(/^blocked/);
  // An opaque origin: no storage of its own either, so nothing of the app's is reachable.
  expect(out.localToken).toMatch(/^blocked/);
  expect(out.cookie).toMatch(/^blocked|^$/);
  // The app's own page still has its session.
  expect(await page.evaluate(() => localStorage.getItem('div_auth_token'))).toBe(token);
  await page.screenshot({ path: '/tmp/div-isolation-preview.png' });
});

test('a published site on its own host cannot read the app’s storage, cookies or token', async ({ page, context, baseURL }) => {
  await signIn(page, 'Publicado');
  const token = await sessionToken(page);
  const origin = baseURL ?? `http://localhost:${port}`;
  await context.addCookies([{ name: 'div_probe', value: 'probe-secret', url: origin }]);
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/spaces', { headers, data: { name: `Ataque ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const space = (await created.json()).space as { id: string; revision: number };
  const saved = await page.request.put(`/api/spaces/${space.id}/files`, {
    headers,
    data: { revision: space.revision, files: [{ path: 'index.html', content: attackPage(origin) }] },
  });
  expect(saved.status()).toBe(200);
  const deployed = await page.request.post('/api/deploy', { headers, data: { spaceId: space.id } });
  expect(deployed.status()).toBe(200);
  const siteUrl = (await deployed.json()).url as string;
  expect(siteUrl).toContain('.localhost');

  const site = await context.newPage();
  await site.goto(siteUrl);
  const result = site.locator('#attack-result');
  await expect(result).toBeAttached({ timeout: 15_000 });
  const out = JSON.parse((await result.textContent()) ?? '{}') as Record<string, string | null>;
  expectNothingLeaked(out, token);
  // Its own origin: its storage is empty of the app's keys, and the app's cookie is not there.
  expect(out.localToken).toBeNull();
  expect(out.cookie ?? '').not.toContain('div_');
  await site.screenshot({ path: '/tmp/div-isolation-published.png' });
});
