/** Reads a fetch body as newline-delimited JSON values, whatever the chunk boundaries. */
export async function* readNdjson(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const utf8 = new TextDecoder();
  let rest = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += utf8.decode(value, { stream: true });
      let nl = rest.indexOf('\n');
      while (nl >= 0) {
        const line = rest.slice(0, nl).trim();
        rest = rest.slice(nl + 1);
        if (line) yield JSON.parse(line);
        nl = rest.indexOf('\n');
      }
    }
    rest += utf8.decode();
    if (rest.trim()) yield JSON.parse(rest);
  } finally {
    reader.releaseLock();
  }
}
