import { formatEditBlocks, formatFileBlock } from '@div/site-engine/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { contentSteps, type OpenAiTestServer, startOpenAiTestServer } from '../../test/openai-server';
import { createSpaceFor, eventOf, listenTestApp, messagesUsed, postGenerate, readSpace } from './test-helpers';

/** The one rule for follow-up answers (ADR 0160), end to end through the endpoint and a streaming upstream. */

const HTML = `<!DOCTYPE html>
<html lang="es">
<head>
  <title>Café Aurora</title>
  <link rel="stylesheet" href="style.css">
</head>
<body>
  <nav>
    <a href="#inicio">Inicio</a>
  </nav>
  <h1>Café Aurora</h1>
  <p class="lead">El mejor café de la ciudad.</p>
</body>
</html>
`;
const CSS = 'body {\n  color: #333;\n}\nh1 {\n  color: #8b4513;\n}\n';
const SITE = `${formatFileBlock('index.html', HTML)}\n${formatFileBlock('style.css', CSS)}`;
const MODEL = 'deepseek/deepseek-chat-v3-0324';

describe('follow-up answers apply whole or not at all', () => {
  let database: DatabaseHandle;
  let upstream: OpenAiTestServer;
  let app: FastifyInstance;
  let url: string;
  let user: Awaited<ReturnType<typeof createTestUser>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    upstream = await startOpenAiTestServer();
    ({ app, url } = await listenTestApp(database, {
      AI_API_KEY: 'test-key',
      AI_BASE_URL: upstream.url,
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

  const generate = (spaceId: string, prompt: string) =>
    postGenerate(url, user.authorization, { prompt, model: MODEL, provider: 'auto', spaceId });

  async function siteSpace(): Promise<string> {
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ steps: contentSteps(SITE, 7) });
    expect(eventOf((await generate(spaceId, 'Una cafetería')).events, 'done')).toBeDefined();
    return spaceId;
  }

  async function expectUnchanged(spaceId: string) {
    const space = await readSpace(url, user.authorization, spaceId);
    expect(space.versions).toHaveLength(2);
    expect(space.files.find((f) => f.id === 'index.html')?.content).toBe(HTML);
    expect(space.files.find((f) => f.id === 'style.css')?.content).toBe(CSS);
    expect(await messagesUsed(database, user.id)).toBe(1);
  }

  it('never applies an answer cut by the token limit, takes its streamed edit back and says it was cut off', async () => {
    const spaceId = await siteSpace();
    const cut = `${formatEditBlocks('index.html', [{ search: '  <h1>Café Aurora</h1>\n', replace: '  <h1>Café Aurora Norte</h1>\n' }])}\n\`\`\`css style.css\n<<<<<<< SEARCH\nh1 {\n  color: #8b4513;\n=======\nh1 {\n`;
    upstream.enqueue(
      { steps: [...contentSteps(cut, 6), { finish: 'length' }] },
      { steps: [...contentSteps(cut, 6), { finish: 'length' }] },
    );
    const answer = await generate(spaceId, 'Cambia el título y su color');
    const types = answer.events.map((e) => e.type);
    expect(types).toContain('edited');
    expect(types.indexOf('reverted')).toBeGreaterThan(types.indexOf('edited'));
    const message = eventOf(answer.events, 'error')?.message ?? answer.json?.message;
    expect(message).toContain('se cortó');
    expect(eventOf(answer.events, 'done')).toBeUndefined();
    // The retry asked the model to send the answer again.
    expect(upstream.requests.at(-1)?.body?.messages?.at(-1)?.content).toContain('cut off');
    await expectUnchanged(spaceId);
  });

  it('applies no file of a multi-file answer when one block fails, and retries from the files as they were', async () => {
    const spaceId = await siteSpace();
    const link = '    <a href="#inicio">Inicio</a>\n';
    const first =
      formatEditBlocks('index.html', [{ search: link, replace: `${link}    <a href="#carta">Carta</a>\n` }]) +
      formatEditBlocks('style.css', [{ search: 'h2 {\n  color: red;\n}\n', replace: 'h2 {\n  color: blue;\n}\n' }]);
    const second = formatEditBlocks('index.html', [{ search: link, replace: `${link}    <a href="#carta">Carta</a>\n` }]);
    upstream.enqueue({ steps: contentSteps(first, 9) }, { steps: contentSteps(second, 9) });
    const answer = await generate(spaceId, 'Añade Carta al menú');
    expect(eventOf(answer.events, 'done')).toBeDefined();
    const html = eventOf(answer.events, 'files')?.files.find((f) => f.path === 'index.html')?.content ?? '';
    // The link of the first (refused) answer is not applied again on top of the retry's.
    expect(html.match(/#carta/g)).toHaveLength(1);
    expect(eventOf(answer.events, 'files')?.files.map((f) => f.path)).toEqual(['index.html']);
  });

  it('refuses near-duplicate cards as ambiguous, in Spanish, charging nothing', async () => {
    const spaceId = await createSpaceFor(url, user.authorization);
    const card = (name: string) =>
      `    <div class="card">\n      <h3>${name}</h3>\n      <p class="price">19 €</p>\n    </div>\n`;
    const page = HTML.replace(
      '  <p class="lead">',
      `  <section>\n${card('Básico')}${card('Pro')}${card('Empresa')}  </section>\n  <p class="lead">`,
    );
    upstream.enqueue({ steps: contentSteps(`${formatFileBlock('index.html', page)}\n${formatFileBlock('style.css', CSS)}`, 7) });
    expect(eventOf((await generate(spaceId, 'Precios')).events, 'done')).toBeDefined();
    const ambiguous = formatEditBlocks('index.html', [
      { search: '      <p class="price">19 €</p>\n', replace: '      <p class="price">29 €</p>\n' },
    ]);
    upstream.enqueue({ steps: contentSteps(ambiguous) }, { steps: contentSteps(ambiguous) }, { steps: contentSteps(ambiguous) });
    const answer = await generate(spaceId, 'Sube el precio a 29');
    const message = eventOf(answer.events, 'error')?.message ?? answer.json?.message;
    expect(message).toContain('hay tres tarjetas que encajan');
    expect(await messagesUsed(database, user.id)).toBe(1);
  });

  it('refuses a snippet that would replace a whole page', async () => {
    const spaceId = await siteSpace();
    const snippet = 'Puedes usar algo así:\n\n```html\n<nav>\n  <a href="#carta">Carta</a>\n</nav>\n```\n';
    upstream.enqueue({ steps: contentSteps(snippet) }, { steps: contentSteps(snippet) });
    const answer = await generate(spaceId, 'Añade Carta');
    const message = eventOf(answer.events, 'error')?.message ?? answer.json?.message;
    expect(message).toContain('solo un fragmento de index.html');
    await expectUnchanged(spaceId);
  });
});
