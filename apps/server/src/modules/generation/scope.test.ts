import { formatEditBlocks, formatFileBlock } from '@div/site-engine/protocol';
import { mapSourceElements } from '@div/site-engine/visual-source';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { contentSteps, type OpenAiTestServer, startOpenAiTestServer } from '../../test/openai-server';
import { createSpaceFor, eventOf, listenTestApp, messagesUsed, postGenerate, readSpace } from './test-helpers';

const HTML = `<!DOCTYPE html>
<html lang="es">
<head><meta charset="utf-8"><title>Taller Roble</title><link rel="stylesheet" href="style.css"></head>
<body>
  <h1>Taller Roble</h1>
  <p class="lead">Muebles a medida.</p>
  <a class="button" href="#contacto">Pide presupuesto</a>
  <a class="button" href="#obras">Ver obras</a>
</body>
</html>
`;
const CSS = `body { color: #222; }\n.button { background: #444; color: #fff; }\n`;
const SITE = `${formatFileBlock('index.html', HTML)}\n${formatFileBlock('style.css', CSS)}`;
const MODEL = 'deepseek/deepseek-chat-v3-0324';
const firstButton = `index.html:${mapSourceElements(HTML).find((e) => e.tag === 'a')?.index}`;

/** Scoped AI edits (issue 24, ADR 0201) against a scripted OpenAI-compatible upstream. */
describe('an AI edit with an element selected', () => {
  let database: DatabaseHandle;
  let upstream: OpenAiTestServer;
  let app: FastifyInstance;
  let url: string;
  let user: Awaited<ReturnType<typeof createTestUser>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    upstream = await startOpenAiTestServer();
    ({ app, url } = await listenTestApp(database, { AI_API_KEY: 'test-key', AI_BASE_URL: upstream.url }));
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
  const selected = {
    selector: 'body > a:nth-of-type(1)',
    html: '<a class="button" href="#contacto">Pide presupuesto</a>',
    mark: firstButton,
  };

  async function siteSpace() {
    const spaceId = await createSpaceFor(url, user.authorization);
    upstream.enqueue({ steps: contentSteps(SITE, 3) });
    expect(eventOf((await generate(spaceId, 'Web de una carpintería')).events, 'done')).toBeDefined();
    return spaceId;
  }

  it('tells the model the exact element and applies an answer that stays inside it', async () => {
    const spaceId = await siteSpace();
    const edit = formatEditBlocks('index.html', [
      {
        search: '<a class="button" href="#contacto">',
        replace: '<a class="button" href="#contacto" style="background: #dc2626">',
      },
    ]);
    upstream.enqueue({ steps: contentSteps(edit, 2) });
    const answer = await generate(spaceId, 'cambia el color a rojo', { selectedElement: selected });
    expect(eventOf(answer.events, 'done')).toBeDefined();
    const sent = upstream.requests.at(-1)?.body?.messages?.[1]?.content ?? '';
    expect(sent).toContain('(index.html, lines 7-7;');
    expect(sent).toContain('<a class="button" href="#contacto">Pide presupuesto</a>');
    const space = await readSpace(url, user.authorization, spaceId);
    expect(space.files.find((f) => f.id === 'index.html')?.content).toBe(
      HTML.replace('href="#contacto">', 'href="#contacto" style="background: #dc2626">'),
    );
  });

  it('asks before applying an answer that recolours every button, and charges nothing', async () => {
    const spaceId = await siteSpace();
    const before = await readSpace(url, user.authorization, spaceId);
    const used = await messagesUsed(database, user.id);
    const edit = formatEditBlocks('style.css', [
      { search: '.button { background: #444;', replace: '.button { background: #dc2626;' },
    ]);
    upstream.enqueue({ steps: contentSteps(edit, 2) });
    const answer = await generate(spaceId, 'cambia el color a rojo', { selectedElement: selected });
    const error = eventOf(answer.events, 'error');
    expect(error?.code).toBe('OUT_OF_SCOPE');
    expect(error?.message).toMatch(
      /^Este cambio también afecta a… style\.css: «\.button» también afecta a 1 elemento\(s\) más\. ¿Aplicar igualmente\?$/,
    );
    expect(error?.outside).toEqual(['style.css: «.button» también afecta a 1 elemento(s) más']);
    expect(error?.proposal).toEqual([{ path: 'style.css', content: CSS.replace('#444', '#dc2626') }]);
    expect(eventOf(answer.events, 'done')).toBeUndefined();
    const after = await readSpace(url, user.authorization, spaceId);
    expect(after.files).toEqual(before.files);
    expect(after.versions).toHaveLength(before.versions.length);
    expect(await messagesUsed(database, user.id)).toBe(used);
  });

  it('checks nothing without a mark, as before', async () => {
    const spaceId = await siteSpace();
    const edit = formatEditBlocks('style.css', [{ search: 'body { color: #222; }', replace: 'body { color: #000; }' }]);
    upstream.enqueue({ steps: contentSteps(edit, 2) });
    const answer = await generate(spaceId, 'texto más oscuro', { selectedElement: { selector: 'body', html: '<body>' } });
    expect(eventOf(answer.events, 'done')).toBeDefined();
  });
});
