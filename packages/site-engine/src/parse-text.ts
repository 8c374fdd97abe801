/** Small text helpers of the streaming parser. */

export function toLf(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n/g, '\n') : text;
}

/** Position of a lowercase ASCII tag (`<think>`, `</html>`) in text[from..to), any case; -1 if absent. */
export function indexOfIgnoreCase(text: string, needle: string, from: number, to: number): number {
  let i = text.indexOf('<', from);
  while (i >= 0 && i + needle.length <= to) {
    let k = 1;
    for (; k < needle.length; k++) {
      const c = text.charCodeAt(i + k);
      const n = needle.charCodeAt(k);
      if (c !== n && !(n >= 97 && n <= 122 && c === n - 32)) break;
    }
    if (k === needle.length) return i;
    i = text.indexOf('<', i + 1);
  }
  return -1;
}

/** Length of the longest tail of text[from..] that could be the start of `needle` (held back while streaming). */
export function partialSuffix(text: string, from: number, needle: string): number {
  const max = Math.min(needle.length - 1, text.length - from);
  for (let n = max; n > 0; n--) {
    if (text.slice(text.length - n).toLowerCase() === needle.slice(0, n)) return n;
  }
  return 0;
}
