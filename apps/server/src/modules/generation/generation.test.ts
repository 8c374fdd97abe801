import { formatEditBlocks, formatFileBlock } from '@div/site-engine/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { contentSteps, type OpenAiTestServer, startOpenAiTestServer } from '../../test/openai-server';
import {
  codeOf,
  createSpaceFor,
  eventOf,
  listenTestApp,
  messagesUsed,
  postGenerate,
  postJson,
  readSpace,
  setMessagesUsed,
  within,
} from './test-helpers';

const HTML = `<!DOCTYPE html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <title>Café Aurora</title>
  <link rel="stylesheet" href="style.css">
</head>
<body>
  <header>
    <h1>Café Aurora</h1>
  </header>
  <main>
    <p class="lead">El mejor café de la ciudad.</p>
  </main>
  <script src="script.js"></script>
</body>
</html>
`;
const CSS = `body {
  color: #333;
  background: #fff;
}
h1 {
  color: #8b4513;
}
`;
const JS = `console.log('hola');\n`;
const SITE = `Aquí tienes tu sitio.\n\n${formatFileBlock('index.html', HTML)}\n${formatFileBlock('style.css', CSS)}\n${formatFileBlock('script.js', JS)}`;

const MODEL = 'deepseek/deepseek-chat-v3-0324';
type User = Awaited<ReturnType<typeof createTestUser>>;

describe('POST /api/ask-ai/generate-separate-files against a streaming upstream', () => {
  let database: DatabaseHandle;
  let upstream: OpenAiTestServer;
  let app: FastifyInstance;
  let url: string;
  let user: User;

  beforeAll(async () => {
    database = await openTestDatabase();
    upstream = await startOpenAiTestServer();
    ({ app, url } = await listenTestApp(database, {
      AI_API_KEY: 'test-key',
      AI_BASE_URL: upstream.url,
      // A keepalive commits the stream (status 200): it must not come before a failing upstream's
      // answer even on a loaded machine, so the errors-before-the-stream tests see their status.
      AI_STALL_TIMEOUT_MS: '2500',
      GENERATION_KEEPALIVE_MS: '1000',
    }));
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
    await database.close();
  });
  beforeEach(async () => {
    user = await createTestUser(database);
  });

  const generate = (spaceId: string, prompt: string, extra: Record<string, unknown> = {}) =>
    postGenerate(url, user.authorization, { prompt, model: MODEL, provider: 'auto', spaceId, ...extra });

  async function siteSpace(): Promise<string> {
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ steps: contentSteps(SITE, 7) });
    const answer = await generate(spaceId, 'Una web para una cafetería llamada Café Aurora');
    expect(eventOf(answer.events, 'done')).toBeDefined();
    return spaceId;
  }

  it('streams a new multi-file site as code deltas, then files, then done with the new version', async () => {
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ steps: [...contentSteps(SITE, 5), { usage: { prompt: 900, completion: 400 } }] });
    const answer = await generate(spaceId, 'Una web para una cafetería llamada Café Aurora');
    expect(answer.status).toBe(200);
    expect(answer.contentType).toContain('application/x-ndjson');
    expect(codeOf(answer.events, 'index.html')).toBe(HTML);
    expect(codeOf(answer.events, 'style.css')).toBe(CSS);
    const files = eventOf(answer.events, 'files');
    expect(files?.files.map((f) => f.path).sort()).toEqual(['index.html', 'script.js', 'style.css']);
    expect(files?.updatedLines['index.html']).toEqual([[1, HTML.split('\n').length - 1]]);
    const done = eventOf(answer.events, 'done');
    expect(done).toMatchObject({ messagesUsed: 1, messagesLimit: 100 });
    expect(answer.events.at(-1)?.type).toBe('done');

    const space = await readSpace(url, user.authorization, spaceId);
    expect(space.files.find((f) => f.id === 'index.html')?.content).toBe(HTML);
    expect(space.versions[0]).toMatchObject({ id: done?.versionId, source: 'generation' });
    expect(await messagesUsed(database, user.id)).toBe(1);

    // The prompt followed the protocol: whole files asked for a new site, the user's request in it.
    const body = upstream.requests.at(-1)?.body;
    expect(body?.model).toBe(MODEL);
    expect(body?.messages?.[0]?.content).toContain('```html index.html');
    expect(body?.messages?.at(-1)?.content).toContain('Café Aurora');
  });

  it('streams a bare document (no fences) as index.html', async () => {
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ steps: contentSteps(HTML, 11) });
    const answer = await generate(spaceId, 'Una página');
    expect(eventOf(answer.events, 'files')?.files).toEqual([{ path: 'index.html', content: HTML }]);
    expect(eventOf(answer.events, 'done')).toBeDefined();
  });

  it('shows the reasoning of thinker models as thinking events', async () => {
    user = await createTestUser(database, { plan: 'small' });
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({
      steps: [{ reasoning: 'Primero, ' }, { reasoning: 'una cabecera.', field: 'reasoning_content' }, ...contentSteps(SITE, 9)],
    });
    const answer = await generate(spaceId, 'Una cafetería', { model: 'deepseek/deepseek-r1-0528' });
    const thinking = answer.events.filter((e) => e.type === 'thinking').map((e) => (e as { text: string }).text);
    expect(thinking.join('')).toBe('Primero, una cabecera.');
    expect(answer.events.findIndex((e) => e.type === 'thinking')).toBeLessThan(answer.events.findIndex((e) => e.type === 'code'));
    expect(eventOf(answer.events, 'done')).toBeDefined();
  });

  it('applies a follow-up edit that matches exactly and reports the changed lines', async () => {
    const spaceId = await siteSpace();
    const edit = formatEditBlocks('style.css', [
      { search: 'h1 {\n  color: #8b4513;\n}\n', replace: 'h1 {\n  color: #1d4ed8;\n}\n' },
    ]);
    upstream.enqueue({ steps: contentSteps(`Cambio el color del título.\n\n${edit}`, 6) });
    const answer = await generate(spaceId, 'Pon el título en azul');
    const files = eventOf(answer.events, 'files');
    expect(files?.files).toEqual([{ path: 'style.css', content: CSS.replace('#8b4513', '#1d4ed8') }]);
    expect(files?.updatedLines).toEqual({ 'style.css': [[6, 6]] });
    expect(eventOf(answer.events, 'edits')?.results).toEqual([
      expect.objectContaining({ path: 'style.css', index: 0, outcome: 'applied_exact' }),
    ]);
    // The follow-up prompt carried the current files and asked for SEARCH/REPLACE blocks.
    const sent = upstream.requests.at(-1)?.body?.messages ?? [];
    expect(sent[0]?.content).toContain('<<<<<<< SEARCH');
    expect(sent[1]?.content).toContain('color: #8b4513;');
    const space = await readSpace(url, user.authorization, spaceId);
    expect(space.files.find((f) => f.id === 'style.css')?.content).toContain('#1d4ed8');
    expect(space.files.find((f) => f.id === 'index.html')?.content).toBe(HTML);
    expect(space.versions).toHaveLength(3);
  });

  it('shows follow-up edits while they stream: each landed block sends the edited file before the final files', async () => {
    const spaceId = await siteSpace();
    const edit = formatEditBlocks('index.html', [
      { search: '    <h1>Café Aurora</h1>\n', replace: '    <h1>Café Aurora Norte</h1>\n' },
      { search: '<p class="lead">El mejor café de la ciudad.</p>\n', replace: '<p class="lead">El mejor café del barrio.</p>\n' },
    ]);
    // The two blocks arrive well apart (more than the 300 ms between a file's edited events).
    const split = edit.indexOf('<<<<<<< SEARCH', edit.indexOf('>>>>>>> REPLACE'));
    upstream.enqueue({
      steps: [...contentSteps(edit.slice(0, split), 40), { delayMs: 350 }, ...contentSteps(edit.slice(split), 40)],
    });
    const answer = await generate(spaceId, 'Cambia el título y ciudad por barrio');
    const edited = answer.events.filter((e) => e.type === 'edited');
    const first = HTML.replace('<h1>Café Aurora</h1>', '<h1>Café Aurora Norte</h1>');
    expect(edited).toEqual([
      { type: 'edited', path: 'index.html', content: first },
      { type: 'edited', path: 'index.html', content: first.replace('de la ciudad', 'del barrio') },
    ]);
    const types = answer.events.map((e) => e.type).filter((t) => t !== 'keepalive');
    expect(types.indexOf('files')).toBeGreaterThan(types.lastIndexOf('edited'));
    expect(eventOf(answer.events, 'files')?.files[0]?.content).toBe(edited[1]?.content);
  });

  it('applies an edit whose SEARCH text drifted in whitespace, keeping the file indentation', async () => {
    const spaceId = await siteSpace();
    const edit = formatEditBlocks('index.html', [
      { search: '<p class="lead">El mejor café de la ciudad.</p>\n', replace: '<p class="lead">El mejor café del barrio.</p>\n' },
    ]);
    upstream.enqueue({ steps: contentSteps(edit, 8) });
    const answer = await generate(spaceId, 'Cambia ciudad por barrio');
    const html = eventOf(answer.events, 'files')?.files.find((f) => f.path === 'index.html')?.content;
    expect(html).toBe(HTML.replace('de la ciudad', 'del barrio'));
    expect(eventOf(answer.events, 'edits')?.results[0]?.outcome).toBe('applied_tolerant');
  });

  it('retries once with the failures described when an edit does not match, then applies the corrected one', async () => {
    const spaceId = await siteSpace();
    const bad = formatEditBlocks('index.html', [{ search: '<h2>No existe</h2>\n', replace: '<h2>Nada</h2>\n' }]);
    const good = formatEditBlocks('index.html', [
      { search: '    <h1>Café Aurora</h1>\n', replace: '    <h1>Café Aurora Norte</h1>\n' },
    ]);
    upstream.enqueue({ steps: contentSteps(bad, 8) }, { steps: contentSteps(good, 8) });
    const before = upstream.requests.length;
    const answer = await generate(spaceId, 'Cambia el título');
    expect(upstream.requests.length - before).toBe(2);
    const retry = upstream.requests.at(-1)?.body?.messages ?? [];
    expect(retry.at(-2)).toMatchObject({ role: 'assistant' });
    expect(retry.at(-1)?.content).toContain('could not be applied');
    expect(retry.at(-1)?.content).toContain('<h2>No existe</h2>');
    expect(eventOf(answer.events, 'files')?.files[0]?.content).toContain('Café Aurora Norte');
    expect(eventOf(answer.events, 'done')).toBeDefined();
    expect(await messagesUsed(database, user.id)).toBe(2);
  });

  it('falls back to asking for the whole file when the retry fails too', async () => {
    const spaceId = await siteSpace();
    const bad = formatEditBlocks('index.html', [{ search: '<h2>No existe</h2>\n', replace: '<h2>Nada</h2>\n' }]);
    const whole = formatFileBlock('index.html', HTML.replace('Café Aurora</h1>', 'Café Aurora Sur</h1>'));
    upstream.enqueue({ steps: contentSteps(bad) }, { steps: contentSteps(bad) }, { steps: contentSteps(whole, 9) });
    const before = upstream.requests.length;
    const answer = await generate(spaceId, 'Cambia el título');
    expect(upstream.requests.length - before).toBe(3);
    expect(upstream.requests.at(-1)?.body?.messages?.at(-1)?.content).toContain('Write the complete new version of index.html');
    const files = eventOf(answer.events, 'files');
    expect(files?.files).toEqual([{ path: 'index.html', content: HTML.replace('Café Aurora</h1>', 'Café Aurora Sur</h1>') }]);
    expect(files?.updatedLines['index.html']).toEqual([[10, 10]]);
    expect(eventOf(answer.events, 'done')).toBeDefined();
  });

  it('changes nothing and gives the message back when no attempt produces an applicable edit', async () => {
    const spaceId = await siteSpace();
    const bad = formatEditBlocks('index.html', [{ search: '<h2>No existe</h2>\n', replace: '<h2>Nada</h2>\n' }]);
    upstream.enqueue({ steps: contentSteps(bad) }, { steps: contentSteps(bad) }, { steps: contentSteps('Lo siento.') });
    const answer = await generate(spaceId, 'Cambia el título');
    // Edit answers stream no code, so the failure may come before the stream started (JSON 422) or as an event.
    const message = eventOf(answer.events, 'error')?.message ?? answer.json?.message;
    expect(message).toContain('No se ha cambiado nada y no se ha descontado ningún mensaje');
    expect(eventOf(answer.events, 'done')).toBeUndefined();
    const space = await readSpace(url, user.authorization, spaceId);
    expect(space.versions).toHaveLength(2);
    expect(space.files.find((f) => f.id === 'index.html')?.content).toBe(HTML);
    expect(await messagesUsed(database, user.id)).toBe(1);
  });

  it.each([
    [401, 502, 'rechazó la clave'],
    [402, 502, 'no tiene crédito'],
    [429, 429, 'demasiadas solicitudes'],
    [500, 502, 'no responde'],
  ])('upstream %i answers JSON %i before the stream starts and gives the message back', async (upstreamStatus, status, text) => {
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ status: upstreamStatus });
    const answer = await generate(spaceId, 'Una web');
    expect(answer.status).toBe(status);
    expect(answer.json?.message).toContain(text);
    expect(await messagesUsed(database, user.id)).toBe(0);
    expect((await readSpace(url, user.authorization, spaceId)).versions).toHaveLength(1);
  });

  it('reports a connection cut mid-stream as an error event, with no version and the message back', async () => {
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ steps: [...contentSteps(SITE.slice(0, 200), 10), { delayMs: 20 }, { cut: true }] });
    const answer = await generate(spaceId, 'Una web');
    expect(answer.status).toBe(200);
    expect(codeOf(answer.events, 'index.html').length).toBeGreaterThan(0);
    expect(eventOf(answer.events, 'error')).toMatchObject({ code: 'UPSTREAM_CUT' });
    expect(eventOf(answer.events, 'done')).toBeUndefined();
    expect(await messagesUsed(database, user.id)).toBe(0);
    expect((await readSpace(url, user.authorization, spaceId)).versions).toHaveLength(1);
  });

  it('sends keepalives while the upstream is silent and ends a stalled stream with an error', async () => {
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ steps: [{ content: 'Pensando' }, { stall: true }] });
    const answer = await generate(spaceId, 'Una web');
    expect(answer.events.filter((e) => e.type === 'keepalive').length).toBeGreaterThanOrEqual(2);
    expect(eventOf(answer.events, 'error')).toMatchObject({ code: 'UPSTREAM_STALLED' });
    await within(upstream.requests.at(-1)?.closed ?? Promise.resolve(), 2000, 'stalled upstream closed');
    expect(await messagesUsed(database, user.id)).toBe(0);
  });

  it('cancels the upstream request when the client aborts', async () => {
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ steps: contentSteps(SITE, 4, 15) });
    const controller = new AbortController();
    const before = upstream.requests.length;
    const pending = postGenerate(
      url,
      user.authorization,
      { prompt: 'Una web', model: MODEL, spaceId },
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'code') controller.abort();
        },
      },
    ).catch((error: Error) => error);
    expect(await pending).toBeInstanceOf(Error);
    const request = upstream.requests[before];
    await within(request?.closed ?? Promise.reject(new Error('no upstream request')), 2000, 'upstream socket closed');
    expect(request?.aborted).toBe(true);
    await expect.poll(() => messagesUsed(database, user.id)).toBe(0);
    expect((await readSpace(url, user.authorization, spaceId)).versions).toHaveLength(1);
  });

  it('cancels the upstream request on POST /api/ask-ai/stop, keeping the previous version', async () => {
    const spaceId = await siteSpace();
    upstream.enqueue({ steps: contentSteps(SITE, 4, 15) });
    const before = upstream.requests.length;
    let stopAnswer: { status: number; json: Record<string, unknown> } | undefined;
    const answer = await generate(spaceId, 'Rehazla entera').then(async (a) => a);
    // (the generation above ran to the end; now run one and stop it midway)
    expect(eventOf(answer.events, 'done')).toBeDefined();
    upstream.enqueue({ steps: contentSteps(SITE, 4, 15) });
    const stopped = postGenerate(
      url,
      user.authorization,
      { prompt: 'Otra vez', model: MODEL, spaceId },
      {
        onEvent: (event) => {
          if (event.type === 'code' && !stopAnswer) {
            stopAnswer = { status: 0, json: {} };
            void postJson(url, '/api/ask-ai/stop', user.authorization, { spaceId }).then((r) => {
              stopAnswer = r;
            });
          }
        },
      },
    );
    const result = await stopped;
    expect(eventOf(result.events, 'done')).toBeUndefined();
    const request = upstream.requests[before + 1];
    await within(request?.closed ?? Promise.reject(new Error('no upstream request')), 2000, 'upstream socket closed');
    expect(request?.aborted).toBe(true);
    await expect.poll(() => stopAnswer?.status).toBe(200);
    expect(stopAnswer?.json).toEqual({ stopped: true });
    const space = await readSpace(url, user.authorization, spaceId);
    expect(space.versions).toHaveLength(3);
    expect(await messagesUsed(database, user.id)).toBe(2);
  });

  it('runs one generation per space at a time', async () => {
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ steps: contentSteps(SITE, 20, 10) });
    let second: Awaited<ReturnType<typeof generate>> | undefined;
    const first = postGenerate(
      url,
      user.authorization,
      { prompt: 'Una web', model: MODEL, spaceId },
      {
        onEvent: async (event) => {
          if (event.type === 'code' && !second) {
            second = { status: -1, contentType: '', events: [], json: null };
            second = await generate(spaceId, 'Otra');
          }
        },
      },
    );
    expect(eventOf((await first).events, 'done')).toBeDefined();
    await expect.poll(() => second?.status).toBe(409);
    expect(second?.json?.message).toContain('Ya hay una generación en curso');
  });

  it('answers the spec messages for signed-out users and the free limit', async () => {
    const spaceId = await createSpaceFor(url, user.authorization);
    const signedOut = await postGenerate(url, null, { prompt: '', spaceId });
    expect(signedOut.status).toBe(401);
    expect(signedOut.json?.message).toBe('No estás autenticado. Por favor, inicia sesión.');

    const blank = await generate(spaceId, '   ');
    expect(blank.status).toBe(400);

    await setMessagesUsed(database, user.id, 100);
    const over = await generate(spaceId, 'Una web');
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({
      message: 'Alcanzaste el límite de mensajes de tu plan este mes.',
      openProModal: true,
      // The cheapest plan with more messages than free (ADR 0185), not the top one.
      upsell: { reason: 'messages', plan: 'small' },
    });
    expect(await messagesUsed(database, user.id)).toBe(100);
  });

  it('gates models by plan and providers by model and token limit', async () => {
    const spaceId = await createSpaceFor(url, user.authorization);
    const premium = await generate(spaceId, 'Una web', { model: 'anthropic/claude-3.7-sonnet' });
    expect(premium.status).toBe(403);
    expect(premium.json).toMatchObject({ openProModal: true, upsell: { reason: 'model', plan: 'medium', tier: 'premium' } });
    const advanced = await generate(spaceId, 'Una web', { model: 'deepseek/deepseek-r1-0528' });
    expect(advanced.json).toMatchObject({ openProModal: true, upsell: { reason: 'model', plan: 'small', tier: 'advanced' } });

    const wrongProvider = await generate(spaceId, 'Una web', { provider: 'groq' });
    expect(wrongProvider.status).toBe(400);
    expect(wrongProvider.json).toMatchObject({ openSelectProvider: true });
    expect(wrongProvider.json?.message).toContain('Groq');

    const unknown = await generate(spaceId, 'Una web', { model: 'nobody/nothing' });
    expect(unknown.json?.openSelectProvider).toBe(true);

    // 20,000 characters of prompt plus the system prompt pass 16,000 tokens? No: about 5,600. A big site does.
    const bigPrompt = 'x'.repeat(19_000);
    const fits = await generate(spaceId, bigPrompt, { provider: 'novita' });
    expect(fits.status).toBe(200);
    const big = `<!DOCTYPE html>\n<html><body>\n${'<p>Texto de relleno para una página muy larga.</p>\n'.repeat(1400)}</body></html>\n`;
    upstream.enqueue({ steps: contentSteps(formatFileBlock('index.html', big), 4096) });
    await generate(spaceId, 'Una web larga');
    const tooMuch = await generate(spaceId, 'Cambia el color', { provider: 'novita' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json).toMatchObject({ openSelectProvider: true });
    expect(tooMuch.json?.message).toContain('16.000 tokens de NovitaAI');
    const fireworks = await generate(spaceId, 'Cambia el color', { provider: 'fireworks-ai' });
    expect(fireworks.status).toBe(200);
  });

  it('fixes a page with the model, metered', async () => {
    const broken = '<!DOCTYPE html>\n<html><body><script>documnt.title = "x";</script></body></html>\n';
    const fixed = broken.replace('documnt', 'document');
    upstream.enqueue({ steps: contentSteps(formatFileBlock('index.html', fixed), 12) });
    const answer = await postJson(url, '/api/fix-error', user.authorization, {
      html: broken,
      error: 'ReferenceError: documnt is not defined',
      model: MODEL,
    });
    expect(answer.status).toBe(200);
    expect(answer.json.html).toBe(fixed);
    // The editor reports with this id whether the preview ran the fix without the error (ADR 0161).
    expect(answer.json.fixId).toMatch(/^[0-9a-f-]{36}\.\d+$/);
    expect(await messagesUsed(database, user.id)).toBe(1);

    upstream.enqueue({ steps: contentSteps('No puedo corregir esto sin más información.') });
    const cannot = await postJson(url, '/api/fix-error', user.authorization, { html: broken, error: 'Algo raro', model: MODEL });
    expect(cannot.json).toEqual({ message: 'No puedo corregir esto sin más información.' });
    expect(await messagesUsed(database, user.id)).toBe(1);

    const signedOut = await postJson(url, '/api/fix-error', null, { html: broken, error: 'x' });
    expect(signedOut.status).toBe(401);
  });
});

describe('generation with the local composer', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app, url } = await listenTestApp(database, { COMPOSER_PACE: '0' }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('composes a site, then changes only the colour asked for', async () => {
    const user = await createTestUser(database);
    const spaceId = await createSpaceFor(url, user.authorization);
    const first = await postGenerate(url, user.authorization, {
      prompt: 'Una web para una panadería llamada Pan de Oro con menú y contacto',
      spaceId,
    });
    const files = eventOf(first.events, 'files')?.files ?? [];
    const html = files.find((f) => f.path === 'index.html')?.content ?? '';
    expect(html).toContain('Pan de Oro');
    expect(eventOf(first.events, 'done')).toBeDefined();

    const second = await postGenerate(url, user.authorization, { prompt: 'Cambia el color principal a verde', spaceId });
    expect(eventOf(second.events, 'done')).toBeDefined();
    const changed = eventOf(second.events, 'files');
    expect(changed?.files.length).toBeGreaterThan(0);
    for (const ranges of Object.values(changed?.updatedLines ?? {})) expect(ranges.length).toBeGreaterThan(0);
    expect(eventOf(second.events, 'edits')?.results.every((r) => r.outcome.startsWith('applied'))).toBe(true);
  });

  it('a follow-up it cannot do answers what it understood, changes nothing and charges nothing', async () => {
    const user = await createTestUser(database);
    const spaceId = await createSpaceFor(url, user.authorization);
    await postGenerate(url, user.authorization, { prompt: "Panadería 'La Espiga' en Sevilla, teléfono 654 123 456", spaceId });
    const used = await messagesUsed(database, user.id);
    const answer = await postGenerate(url, user.authorization, {
      prompt: 'añade un chat con inteligencia artificial que responda a los clientes',
      spaceId,
    });
    const message = eventOf(answer.events, 'error')?.message ?? answer.json?.message;
    expect(message).toMatch(/He entendido que quieres .*Puedo, (?:por ejemplo|en cambio)/);
    expect(message).not.toContain('La IA no devolvió ningún archivo');
    expect(eventOf(answer.events, 'done')).toBeUndefined();
    expect(await messagesUsed(database, user.id)).toBe(used);
    // A refusal that charged nothing is not a failed generation, but it is not a success either: the
    // usage page shows it as its own slice and the rate counts it (ADR 0189, 0267).
    const usage = await fetch(`${url}/api/user/usage`, { headers: { authorization: user.authorization } });
    expect(await usage.json()).toMatchObject({ successRate: 50, actions: 1, succeeded: 1, refusals: 1 });
  });

  it('fixes a page script error by guarding it, or says it cannot', async () => {
    const user = await createTestUser(database);
    const page =
      '<!DOCTYPE html>\n<html><body><h1>Hola</h1>\n<script>\ndocument.querySelector("#nada").textContent = "x";\n</script>\n</body></html>\n';
    const fixed = await postJson(url, '/api/fix-error', user.authorization, {
      html: page,
      error: "TypeError: Cannot read properties of null (reading 'textContent')",
    });
    expect(fixed.status).toBe(200);
    expect(fixed.json.html).toContain('try {');
    expect(fixed.json.html).toContain('DOMContentLoaded');
    const cannot = await postJson(url, '/api/fix-error', user.authorization, {
      html: '<p>hola</p>',
      error: 'El diseño se ve mal',
    });
    expect(typeof cannot.json.message).toBe('string');
    expect(await messagesUsed(database, user.id)).toBe(1);
  });
});
