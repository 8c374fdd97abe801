/**
 * CSS escapes (`\75`, `\000075 `, `\u`) as the characters a style sheet reads them as: what the SVG
 * check (ADR 0239) and the thumbnail's sanitiser (ADR 0240) match their rules against.
 */
export const cssUnescaped = (text: string) =>
  text.replace(/\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|([^\n\r\f0-9a-f]))/gi, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd) : (char as string),
  );
