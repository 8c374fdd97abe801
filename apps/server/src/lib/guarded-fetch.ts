import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { blockedMessage, classifyAddress, guardedLookup, policyAgent, SafeFetchError } from './ssrf';

/**
 * A `fetch` for the OpenAI client that talks to a user's endpoint: over node:http(s) with the SSRF
 * guard's DNS lookup (lib/ssrf), so the socket connects only to an address that was checked at
 * request time (a name that later resolves to a private address is refused then, not only when it
 * was saved). Redirects are not followed. With `allowPrivate` every address is allowed. Sockets are
 * pooled per policy (lib/ssrf `policyAgent`), never shared with a stricter policy's requests.
 */
export function guardedFetch(options: { allowPrivate: boolean }): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && isIP(host) && classifyAddress(host) !== 'public') {
        reject(new SafeFetchError('BLOCKED', blockedMessage));
        return;
      }
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const body = toBody(init.body);
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: init.method ?? 'GET',
          headers,
          agent: policyAgent(options.allowPrivate ? 'any' : 'public', url.protocol === 'https:' ? 'https:' : 'http:'),
          ...(options.allowPrivate ? {} : { lookup: guardedLookup(false) as never }),
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (res) => {
          const responseHeaders = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
            responseHeaders.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
          }
          const status = res.statusCode ?? 502;
          const empty = status === 204 || status === 304 || init.method === 'HEAD';
          if (empty) res.resume();
          resolve(
            new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
              status,
              statusText: res.statusMessage ?? '',
              headers: responseHeaders,
            }),
          );
        },
      );
      request.on('error', (error) => {
        const cause = (error as { cause?: unknown }).cause;
        reject(cause instanceof SafeFetchError ? cause : error);
      });
      request.end(body);
    });
}

function toBody(body: RequestInit['body']): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('guardedFetch: unsupported request body');
}
