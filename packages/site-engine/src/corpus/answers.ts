/**
 * How models write answers, as small helpers the corpus cases combine: SEARCH/REPLACE blocks with
 * the marker variants seen in the wild, fences named in different ways, unified diffs, and the
 * drift models add to copied text (indentation, quotes, line endings).
 */

export interface Change {
  path: string;
  /** Whole lines, exactly as the file has them (found once). */
  from: string;
  to: string;
}

export const MARKERS = {
  std: ['<<<<<<< SEARCH', '=======', '>>>>>>> REPLACE'],
  short: ['<<<< SEARCH', '====', '>>>> REPLACE'],
  old: ['<<<<<<< ORIGINAL', '=======', '>>>>>>> UPDATED'],
} as const;

export function block(search: string, replace: string, markers: keyof typeof MARKERS = 'std'): string {
  const [open, divider, close] = MARKERS[markers];
  return `${open}\n${search}${divider}\n${replace}${close}\n`;
}

const LANG: Record<string, string> = { html: 'html', css: 'css', js: 'javascript' };
export function languageOf(path: string): string {
  return LANG[path.split('.').pop() ?? ''] ?? '';
}

/** A fence holding `body`, its path named the way `style` says. */
export function fence(path: string, body: string, style: 'info' | 'heading' | 'file-line' | 'bold' | 'inside' = 'info'): string {
  const lang = languageOf(path);
  switch (style) {
    case 'info':
      return `\`\`\`${lang} ${path}\n${body}\`\`\`\n`;
    case 'heading':
      return `### ${path}\n\n\`\`\`${lang}\n${body}\`\`\`\n`;
    case 'file-line':
      return `File: ${path}\n\`\`\`${lang}\n${body}\`\`\`\n`;
    case 'bold':
      return `**${path}**\n\`\`\`${lang}\n${body}\`\`\`\n`;
    default:
      return `\`\`\`${lang}\n${path}\n${body}\`\`\`\n`;
  }
}

export function applyChange(files: Record<string, string>, change: Change): Record<string, string> {
  const content = files[change.path] ?? '';
  const at = content.indexOf(change.from);
  if (at < 0 || content.indexOf(change.from, at + 1) >= 0) throw new Error(`corpus change not unique in ${change.path}`);
  return { ...files, [change.path]: content.slice(0, at) + change.to + content.slice(at + change.from.length) };
}

/** A unified diff of one change, with `context` lines around it (line numbers as models write them). */
export function unifiedDiff(files: Record<string, string>, change: Change, context = 2): string {
  const lines = (files[change.path] ?? '').split('\n');
  const before = (files[change.path] ?? '').slice(0, (files[change.path] ?? '').indexOf(change.from));
  const start = before.split('\n').length - 1;
  const from = change.from.replace(/\n$/, '').split('\n');
  const to = change.to.replace(/\n$/, '').split('\n');
  const head = lines.slice(Math.max(0, start - context), start);
  const tail = lines.slice(start + from.length, start + from.length + context);
  const out = [
    `--- a/${change.path}`,
    `+++ b/${change.path}`,
    `@@ -${start + 1 - head.length},${head.length + from.length + tail.length} +${start + 1 - head.length},${head.length + to.length + tail.length} @@`,
  ];
  for (const l of head) out.push(` ${l}`);
  for (const l of from) out.push(`-${l}`);
  for (const l of to) out.push(`+${l}`);
  for (const l of tail) out.push(` ${l}`);
  return `\`\`\`diff\n${out.join('\n')}\n\`\`\`\n`;
}

/** Indentation drift, applied the same way to SEARCH and REPLACE (a model's consistent habit). */
export const DRIFT = {
  shift: (text: string) => mapLines(text, (l) => `  ${l}`),
  unshift: (text: string) => mapLines(text, (l) => l.replace(/^( {2}|\t)/, '')),
  firstFlush: (text: string) => text.replace(/^[ \t]+/, ''),
  toTabs: (text: string) => mapLines(text, (l) => l.replace(/^(?: {2})+/, (m) => '\t'.repeat(m.length / 2))),
  toTabs4: (text: string) => mapLines(text, (l) => l.replace(/^(?: {4})+/, (m) => '\t'.repeat(m.length / 4))),
  toSpaces: (text: string) => mapLines(text, (l) => l.replace(/^\t+/, (m) => '  '.repeat(m.length))),
  double: (text: string) => mapLines(text, (l) => l.replace(/^ +/, (m) => m + m)),
  singleQuotes: (text: string) => text.replace(/="([^"]*)"/g, "='$1'"),
  crlf: (text: string) => text.replace(/\n/g, '\r\n'),
};

function mapLines(text: string, fn: (line: string) => string): string {
  return text
    .split('\n')
    .map((l) => (l === '' ? l : fn(l)))
    .join('\n');
}
