import { describe, expect, it } from 'vitest';
import { encodeNdjson, NdjsonDecoder, readNdjson } from './ndjson';

const events = [
  { type: 'thinking', text: 'Pienso en\nvarias líneas 🙂' },
  { type: 'code', path: 'index.html', delta: '<h1>Año "nuevo"</h1>\r\n' },
  { type: 'keepalive' },
];
const wire = events.map(encodeNdjson).join('');

describe('ndjson framing', () => {
  it('writes one JSON value per line, even when strings contain newlines', () => {
    expect(wire.split('\n')).toHaveLength(events.length + 1);
    expect(encodeNdjson({ a: 1 })).toBe('{"a":1}\n');
  });

  it('decodes a byte stream cut at every possible position, including inside multi-byte characters', () => {
    const bytes = new TextEncoder().encode(wire);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const decoder = new NdjsonDecoder();
      const out = [...decoder.push(bytes.slice(0, cut)), ...decoder.push(bytes.slice(cut)), ...decoder.end()];
      expect(out).toEqual(events);
    }
  });

  it('decodes byte by byte', () => {
    const decoder = new NdjsonDecoder();
    const out: unknown[] = [];
    for (const byte of new TextEncoder().encode(wire)) out.push(...decoder.push(new Uint8Array([byte])));
    out.push(...decoder.end());
    expect(out).toEqual(events);
  });

  it('accepts a last line without newline, CRLF and blank lines', () => {
    const decoder = new NdjsonDecoder();
    expect(decoder.push('{"a":1}\r\n\r\n{"b":2}')).toEqual([{ a: 1 }]);
    expect(decoder.end()).toEqual([{ b: 2 }]);
  });

  it('throws on a malformed line', () => {
    expect(() => new NdjsonDecoder().push('{"a":\n')).toThrow(/Invalid NDJSON/);
  });

  it('reads a ReadableStream body', async () => {
    const bytes = new TextEncoder().encode(wire);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    const out: unknown[] = [];
    for await (const value of readNdjson(body)) out.push(value);
    expect(out).toEqual(events);
  });
});
