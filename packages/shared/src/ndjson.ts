/** Newline-delimited JSON framing: one JSON value per line (JSON.stringify never emits a raw newline). */

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

export function encodeNdjson(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

/**
 * Splits a byte (or text) stream into JSON values, whatever the chunk boundaries: a line, or a
 * multi-byte character, may arrive in pieces. Blank lines are skipped; a malformed line throws.
 */
export class NdjsonDecoder {
  private readonly utf8 = new TextDecoder();
  private rest = '';

  push(chunk: Uint8Array | string): unknown[] {
    this.rest += typeof chunk === 'string' ? chunk : this.utf8.decode(chunk, { stream: true });
    const values: unknown[] = [];
    let nl = this.rest.indexOf('\n');
    let from = 0;
    while (nl >= 0) {
      pushLine(values, this.rest.slice(from, nl));
      from = nl + 1;
      nl = this.rest.indexOf('\n', from);
    }
    this.rest = this.rest.slice(from);
    return values;
  }

  /** The last value, when the stream did not end with a newline. */
  end(): unknown[] {
    this.rest += this.utf8.decode();
    const values: unknown[] = [];
    pushLine(values, this.rest);
    this.rest = '';
    return values;
  }
}

function pushLine(values: unknown[], line: string): void {
  const text = line.trim();
  if (text === '') return;
  try {
    values.push(JSON.parse(text));
  } catch {
    throw new SyntaxError(`Invalid NDJSON line: ${text.slice(0, 120)}`);
  }
}

/** Reads a fetch body as NDJSON values. */
export async function* readNdjson(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new NdjsonDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* decoder.push(value);
    }
    yield* decoder.end();
  } finally {
    reader.releaseLock();
  }
}
