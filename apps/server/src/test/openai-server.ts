import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the OpenAI chat-completions streaming protocol over real sockets,
 * with scripted answers. Tests (and benchmarks) point AI_BASE_URL at `server.url`.
 *
 *   const upstream = await startOpenAiTestServer();
 *   upstream.enqueue({ steps: [{ reasoning: 'Plan…' }, { content: 'Hola' }, { usage: { prompt: 10, completion: 2 } }] });
 *   upstream.enqueue({ status: 429 });                       // the next request gets a 429
 *   upstream.enqueue({ steps: [{ content: 'half' }, { cut: true }] });   // socket destroyed mid-stream
 *   upstream.enqueue({ steps: [{ content: 'half' }, { stall: true }] }); // stays silent until the client leaves
 *   ... run the code under test ...
 *   upstream.requests[0].body       // the JSON body the client sent (model, messages, provider…)
 *   await upstream.requests[0].closed // resolves when that request's socket closed
 *   upstream.requests[0].aborted      // true when the client closed it before the answer was complete
 *   await upstream.close();
 *
 * Answers are taken from the queue in order; with an empty queue the `fallback` answers (by default
 * a short document). Any path ending in /chat/completions is served; anything else is 404.
 */

export type ScriptStep =
  /** A content delta. */
  | { content: string }
  /** A reasoning delta, in OpenRouter's `reasoning` field or DeepSeek's `reasoning_content`. */
  | { reasoning: string; field?: 'reasoning' | 'reasoning_content' }
  /** Wait before the next step. */
  | { delayMs: number }
  /** A final chunk carrying token usage. */
  | { usage: { prompt: number; completion: number } }
  /** The finish reason of the last chunk (default 'stop'). */
  | { finish: 'stop' | 'length' }
  /** Destroy the connection here, without finishing the answer. */
  | { cut: true }
  /** Send nothing more and keep the connection open until the client closes it. */
  | { stall: true };

export type Script =
  /** A 200 streamed answer (or a single JSON answer when the request has `stream: false`). */
  | { steps: ScriptStep[]; id?: string }
  /** An error answer with this status and an OpenAI-style error body. */
  | { status: number; message?: string; headers?: Record<string, string> };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: { model?: string; messages?: { role: string; content: string }[]; [key: string]: unknown } | undefined;
  /** Resolves when the connection of this request closed (finished, cut or abandoned by the client). */
  closed: Promise<void>;
  isClosed: boolean;
  /** True when the socket closed before the scripted answer was completely written. */
  aborted: boolean;
  receivedAt: number;
}

export interface OpenAiTestServer {
  /** Base URL to use as AI_BASE_URL, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  requests: RecordedRequest[];
  /** Queues answers for the next requests, in order. */
  enqueue(...scripts: Script[]): void;
  /** Answers requests when the queue is empty. */
  fallback: (request: RecordedRequest) => Script;
  /** Resolves once `count` requests in total have arrived. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Splits a text into content steps of about `size` characters (a "token" stream). */
export function contentSteps(text: string, size = 4, delayMs = 0): ScriptStep[] {
  const steps: ScriptStep[] = [];
  for (let i = 0; i < text.length; i += size) {
    steps.push({ content: text.slice(i, i + size) });
    if (delayMs > 0) steps.push({ delayMs });
  }
  return steps;
}

/**
 * Content steps that deliver `text` at about `tokensPerSecond` (a token counted as `charsPerToken`
 * characters), batched into ticks of `tickMs` because timers are not finer than a millisecond.
 */
export function pacedContentSteps(
  text: string,
  tokensPerSecond: number,
  options: { charsPerToken?: number; tickMs?: number } = {},
): ScriptStep[] {
  const charsPerToken = options.charsPerToken ?? 4;
  const tickMs = options.tickMs ?? 5;
  const perTick = Math.max(1, Math.round(((tokensPerSecond * tickMs) / 1000) * charsPerToken));
  const steps: ScriptStep[] = [];
  for (let i = 0; i < text.length; i += perTick) {
    if (i > 0) steps.push({ delayMs: tickMs });
    steps.push({ content: text.slice(i, i + perTick) });
  }
  return steps;
}

const defaultAnswer = '```html index.html\n<!DOCTYPE html>\n<html><body><h1>Hola</h1></body></html>\n```\n';

export async function startOpenAiTestServer(options: { port?: number } = {}): Promise<OpenAiTestServer> {
  const queue: Script[] = [];
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const state: OpenAiTestServer = {
    url: '',
    requests,
    enqueue: (...scripts) => {
      queue.push(...scripts);
    },
    fallback: () => ({ steps: contentSteps(defaultAnswer, 16) }),
    waitForRequests: (count) =>
      new Promise<void>((resolve) => {
        if (requests.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      let markClosed: () => void = () => {};
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
        closed: new Promise<void>((resolve) => {
          markClosed = resolve;
        }),
        isClosed: false,
        aborted: false,
        receivedAt: Date.now(),
      };
      let finished = false;
      res.on('finish', () => {
        finished = true;
      });
      res.on('close', () => {
        record.isClosed = true;
        record.aborted = !finished;
        markClosed();
      });
      requests.push(record);
      for (const w of waiters.filter((x) => requests.length >= x.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      if (!record.path.split('?')[0]?.endsWith('/chat/completions') || record.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      const script = queue.shift() ?? state.fallback(record);
      void answer(script, record, res);
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}

const errorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'insufficient_credits',
  429: 'rate_limit_exceeded',
};

async function answer(script: Script, record: RecordedRequest, res: ServerResponse) {
  if ('status' in script) {
    res.writeHead(script.status, { 'content-type': 'application/json', ...script.headers });
    res.end(
      JSON.stringify({
        error: {
          message: script.message ?? `Scripted error ${script.status}`,
          type: errorTypes[script.status] ?? 'server_error',
          code: script.status,
        },
      }),
    );
    return;
  }
  const id = script.id ?? `chatcmpl-test-${Math.random().toString(36).slice(2)}`;
  const model = record.body?.model ?? 'test-model';
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null, usage?: Record<string, number>) =>
    JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }],
      ...(usage ? { usage } : {}),
    });

  if (record.body?.stream !== true) {
    let content = '';
    let reasoning = '';
    for (const step of script.steps) {
      if ('content' in step) content += step.content;
      if ('reasoning' in step) reasoning += step.reasoning;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          { index: 0, message: { role: 'assistant', content, ...(reasoning ? { reasoning } : {}) }, finish_reason: 'stop' },
        ],
      }),
    );
    return;
  }

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const write = (data: string) => {
    if (!res.destroyed) res.write(`data: ${data}\n\n`);
  };
  write(chunk({ role: 'assistant', content: '' }));
  let finish: 'stop' | 'length' = 'stop';
  let usage: { prompt: number; completion: number } | undefined;
  for (const step of script.steps) {
    if (res.destroyed) return;
    if ('content' in step) write(chunk({ content: step.content }));
    else if ('reasoning' in step) write(chunk({ content: '', [step.field ?? 'reasoning']: step.reasoning }));
    else if ('delayMs' in step) await new Promise((r) => setTimeout(r, step.delayMs));
    else if ('usage' in step) usage = step.usage;
    else if ('finish' in step) finish = step.finish;
    else if ('cut' in step) {
      res.socket?.destroy();
      return;
    } else if ('stall' in step) {
      return; // never ends; the client's stall timeout or abort closes the socket
    }
  }
  write(chunk({}, finish));
  if (usage) {
    write(
      chunk({}, null, {
        prompt_tokens: usage.prompt,
        completion_tokens: usage.completion,
        total_tokens: usage.prompt + usage.completion,
      }),
    );
  }
  write('[DONE]');
  res.end();
}
