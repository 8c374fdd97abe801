import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiTestServer, pacedContentSteps, startOpenAiTestServer } from '../../test/openai-server';
import { OpenAiRouterProvider } from './openai-router';
import { type AiChunk, AiProviderError } from './types';

let upstream: OpenAiTestServer;
let router: OpenAiRouterProvider;

beforeAll(async () => {
  upstream = await startOpenAiTestServer();
  router = new OpenAiRouterProvider({ apiKey: 'sk-test', baseUrl: upstream.url, stallTimeoutMs: 300 });
});
afterAll(async () => {
  await upstream.close();
});

const messages = [{ role: 'user' as const, content: 'Crea una web' }];

async function collect(iterable: AsyncIterable<AiChunk>): Promise<AiChunk[]> {
  const out: AiChunk[] = [];
  for await (const chunk of iterable) out.push(chunk);
  return out;
}

async function failureOf(iterable: AsyncIterable<AiChunk>): Promise<{ error: AiProviderError; chunks: AiChunk[] }> {
  const chunks: AiChunk[] = [];
  try {
    for await (const chunk of iterable) chunks.push(chunk);
  } catch (error) {
    expect(error).toBeInstanceOf(AiProviderError);
    return { error: error as AiProviderError, chunks };
  }
  throw new Error('expected the stream to fail');
}

describe('OpenAI-compatible router client', () => {
  it('streams reasoning then content in order, with finish and usage', async () => {
    upstream.enqueue({
      steps: [
        { reasoning: 'Pienso ' },
        { reasoning: 'en colores.', field: 'reasoning_content' },
        { content: '```html index.html\n' },
        { content: '<h1>Hola</h1>\n```' },
        { usage: { prompt: 12, completion: 7 } },
      ],
    });
    const chunks = await collect(
      router.stream({ model: 'deepseek/deepseek-r1-0528', messages, signal: new AbortController().signal }),
    );
    expect(chunks).toEqual([
      { type: 'reasoning', text: 'Pienso ' },
      { type: 'reasoning', text: 'en colores.' },
      { type: 'content', text: '```html index.html\n' },
      { type: 'content', text: '<h1>Hola</h1>\n```' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { promptTokens: 12, completionTokens: 7 } },
    ]);
    const request = upstream.requests.at(-1);
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body).toMatchObject({ model: 'deepseek/deepseek-r1-0528', messages, stream: true });
    expect(request?.body).not.toHaveProperty('provider');
  });

  it('sends a pinned provider as an OpenRouter preference, and the token limit', async () => {
    upstream.enqueue({ steps: [{ content: 'ok' }] });
    await collect(
      router.stream({ model: 'm', provider: 'fireworks-ai', maxTokens: 4096, messages, signal: new AbortController().signal }),
    );
    expect(upstream.requests.at(-1)?.body).toMatchObject({ provider: { order: ['fireworks'] }, max_tokens: 4096 });
  });

  it.each([
    [401, 'auth'],
    [402, 'payment'],
    [429, 'rate_limit'],
    [500, 'upstream'],
    [503, 'upstream'],
    [400, 'bad_request'],
  ] as const)('maps an upstream %i to a %s error with a Spanish message', async (status, kind) => {
    upstream.enqueue({ status, headers: status === 429 ? { 'retry-after': '3' } : {} });
    const { error } = await failureOf(router.stream({ model: 'm', messages, signal: new AbortController().signal }));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.message).toMatch(/proveedor de IA/);
    if (status === 429) expect(error.retryAfterMs).toBe(3000);
  });

  it('reports a connection cut mid-stream, after the content that arrived', async () => {
    upstream.enqueue({ steps: [{ content: 'half ' }, { delayMs: 20 }, { cut: true }] });
    const { error, chunks } = await failureOf(router.stream({ model: 'm', messages, signal: new AbortController().signal }));
    expect(error.kind).toBe('cut');
    expect(chunks).toEqual([{ type: 'content', text: 'half ' }]);
  });

  it('detects a stalled stream and closes the upstream socket', async () => {
    upstream.enqueue({ steps: [{ content: 'start' }, { stall: true }] });
    const started = Date.now();
    const { error, chunks } = await failureOf(router.stream({ model: 'm', messages, signal: new AbortController().signal }));
    expect(error.kind).toBe('stall');
    expect(chunks).toEqual([{ type: 'content', text: 'start' }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    const request = upstream.requests.at(-1);
    await request?.closed;
    expect(request?.aborted).toBe(true);
  });

  it('an abort stops the stream and closes the upstream socket at once', async () => {
    upstream.enqueue({ steps: [{ content: 'a' }, { delayMs: 5000 }, { content: 'never' }] });
    const controller = new AbortController();
    const chunks: AiChunk[] = [];
    let caught: unknown;
    try {
      for await (const chunk of router.stream({ model: 'm', messages, signal: controller.signal })) {
        chunks.push(chunk);
        controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    expect((caught as AiProviderError).kind).toBe('aborted');
    expect(chunks).toEqual([{ type: 'content', text: 'a' }]);
    const request = upstream.requests.at(-1);
    const started = Date.now();
    await request?.closed;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(request?.aborted).toBe(true);
  });

  it('a consumer that stops reading also closes the upstream socket', async () => {
    upstream.enqueue({ steps: [{ content: 'a' }, { delayMs: 5000 }, { content: 'b' }] });
    for await (const _chunk of router.stream({ model: 'm', messages, signal: new AbortController().signal })) break;
    const request = upstream.requests.at(-1);
    await request?.closed;
    expect(request?.aborted).toBe(true);
  });

  it('an unreachable endpoint is an upstream error', async () => {
    const offline = new OpenAiRouterProvider({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1/v1', stallTimeoutMs: 2000 });
    const { error } = await failureOf(offline.stream({ model: 'm', messages, signal: new AbortController().signal }));
    expect(error.kind).toBe('upstream');
  });
});

describe('local OpenAI test server helpers', () => {
  it('paces content at the requested token rate', async () => {
    const text = 'x'.repeat(4 * 200); // 200 tokens
    upstream.enqueue({ steps: pacedContentSteps(text, 2000) }); // about 100 ms
    const started = Date.now();
    const chunks = await collect(router.stream({ model: 'm', messages, signal: new AbortController().signal }));
    const took = Date.now() - started;
    expect(chunks.map((c) => (c.type === 'content' ? c.text : '')).join('')).toBe(text);
    expect(took).toBeGreaterThanOrEqual(80);
    expect(took).toBeLessThan(1500);
  });
});
