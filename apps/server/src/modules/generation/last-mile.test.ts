import { notDoneIn } from '@div/site-engine/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { answerApplied } from '../../providers/ai/composer/answer-applied';
import { answer as composerAnswer } from '../../providers/ai/composer/provider';
import { createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { contentSteps, type OpenAiTestServer, startOpenAiTestServer } from '../../test/openai-server';
import { createSpaceFor, eventOf, listenTestApp, postGenerate, readSpace } from './test-helpers';

/** Issue 39 through the endpoint: apply_patch answers, and a change that did only part of the request. */

const HTML = `<!DOCTYPE html>
<html lang="es">
<head>
  <title>Librería Faro</title>
  <link rel="stylesheet" href="style.css">
</head>
<body>
  <h1>Librería Faro</h1>
  <p class="horario">De lunes a sábado, de 10:00 a 20:00</p>
</body>
</html>
`;
const CSS = 'h1 {\n  color: #224;\n}\n';
const SITE = `\`\`\`html index.html\n${HTML}\`\`\`\n\`\`\`css style.css\n${CSS}\`\`\`\n`;
const MODEL = 'deepseek/deepseek-chat-v3-0324';

describe('follow-up answers, the last mile', () => {
  let database: DatabaseHandle;
  let upstream: OpenAiTestServer;
  let app: FastifyInstance;
  let url: string;

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

  async function siteSpace() {
    const user = await createTestUser(database);
    const spaceId = await createSpaceFor(url, user.authorization);
    const generate = (prompt: string) =>
      postGenerate(url, user.authorization, { prompt, model: MODEL, provider: 'auto', spaceId });
    upstream.enqueue({ steps: contentSteps(SITE, 5) });
    expect(eventOf((await generate('Una librería')).events, 'done')).toBeDefined();
    return { user, spaceId, generate };
  }

  it('applies an apply_patch answer, shows its hunks as they land, and stores the new page', async () => {
    const { user, spaceId, generate } = await siteSpace();
    const patch = [
      'Hecho:',
      '*** Begin Patch',
      '*** Update File: index.html',
      '@@ <body>',
      '   <h1>Librería Faro</h1>',
      '-  <p class="horario">De lunes a sábado, de 10:00 a 20:00</p>',
      '+  <p class="horario">De lunes a domingo, de 10:00 a 21:00</p>',
      '+  <a href="eventos.html">Eventos</a>',
      '*** Add File: eventos.html',
      '+<!DOCTYPE html>',
      '+<html lang="es"><body><h1>Eventos</h1></body></html>',
      '*** End Patch',
      '',
    ].join('\n');
    upstream.enqueue({ steps: contentSteps(patch, 8) });
    const answer = await generate('Abrimos también los domingos hasta las 21 y añade una página de eventos');
    expect(answer.events.some((e) => e.type === 'edited')).toBe(true);
    const done = eventOf(answer.events, 'done');
    expect(done).toBeDefined();
    expect(done?.notDone).toBeUndefined();
    const space = await readSpace(url, user.authorization, spaceId);
    expect(space.files.find((f) => f.id === 'index.html')?.content).toContain(
      'De lunes a domingo, de 10:00 a 21:00</p>\n  <a href="eventos.html">',
    );
    expect(space.files.find((f) => f.id === 'eventos.html')?.content).toContain('<h1>Eventos</h1>');
  });

  it('tells the part of the request an answer did not do, beside what it changed', async () => {
    const { generate } = await siteSpace();
    const text =
      '```css style.css\n<<<<<<< SEARCH\n  color: #224;\n=======\n  color: #a22;\n>>>>>>> REPLACE\n```\n\nNot done: the map, because I do not know the shop’s address.\n';
    upstream.enqueue({ steps: contentSteps(text, 4) });
    const answer = await generate('Pon el título en rojo y añade un mapa');
    const done = eventOf(answer.events, 'done');
    expect(done?.notDone).toBe('the map, because I do not know the shop’s address.');
    expect(eventOf(answer.events, 'files')?.files.map((f) => f.path)).toEqual(['style.css']);
  });

  it('has the local composer say which part of a request it could not do', () => {
    const files = { 'index.html': HTML, 'style.css': CSS };
    const prompt = 'Cambia el título a «Librería Faro Azul» y pon un vídeo de fondo en la cabecera';
    const text = composerAnswer(
      prompt,
      Object.entries(files).map(([path, content]) => ({ path, content })),
    );
    // A request it can do only in part changes nothing (ADR 0268) and names the part it cannot do.
    expect(notDoneIn(text)).toBeNull();
    expect(text).toContain('«pon un vídeo de fondo en la cabecera»: sin un modelo de IA no sé hacer ese cambio.');
    const applied = answerApplied(prompt, files);
    expect(applied.ok).toBe(true);
    expect(applied.files).toEqual(files);
  });
});
