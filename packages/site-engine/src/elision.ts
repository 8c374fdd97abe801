/**
 * Elision placeholders: the lines models write instead of code they did not want to repeat
 * (`<!-- ... rest unchanged ... -->`, `// ... existing code ...`, `/* resto igual *\/`, a bare `...`).
 * Writing one into a site deletes what it stood for, so they are recognised and never written.
 */

const COMMENT = /^(?:<!--\s*(.*?)\s*-->|\/\*+\s*(.*?)\s*\*+\/|\/\/+\s*(.*)|#\s*(.*)|\{\/\*\s*(.*?)\s*\*\/\})$/s;
const DOTS = /(?:\.\s?\.\s?\.|\u2026)/;
const WORDS =
  /\b(?:rest|remaining|existing|unchanged|same as|as before|omitted|truncated|other (?:rules|styles|sections|code|content|items|cards|links)|keep(?:s)? (?:the )?(?:same|existing|rest)|no changes?|resto|restante|existente|sin cambios|igual que|como antes|se mantiene|lo mismo|los dem[aá]s|las dem[aá]s|otras? (?:reglas|secciones|tarjetas))\b/i;

/** Phrases that mean "omitted" even without dots, in a short comment. */
const STRONG =
  /\b(?:rest of|remaining|unchanged|sin cambios|resto|existing (?:code|styles|content|markup|html|css|js|items|rules|sections)|same as (?:before|above)|as before|omitted|no changes)\b/i;

/** Whether a line (of REPLACE, or of a whole file) stands for omitted code rather than being code. */
export function isElisionLine(line: string): boolean {
  const text = line.trim();
  if (text === '') return false;
  if (/^(?:\.\s?\.\s?\.|\u2026)$/.test(text) || /^\[\s*(?:\.\.\.|\u2026)[^\]]{0,60}\]$/.test(text)) return true;
  const comment = COMMENT.exec(text);
  if (!comment) return false;
  const body = (comment[1] ?? comment[2] ?? comment[3] ?? comment[4] ?? comment[5] ?? '').trim();
  if (body.length > 100) return false;
  if (/^(?:\.\s?\.\s?\.|\u2026)$/.test(body)) return true;
  return DOTS.test(body) ? WORDS.test(body) : STRONG.test(body) && body.length <= 60;
}

/**
 * Lines of `text` that are placeholders, skipping any that the current file already holds (a real
 * comment the page has, which the model copied).
 */
export function elisionLines(text: string, current = ''): string[] {
  const found: string[] = [];
  let known: Set<string> | undefined;
  for (const line of text.split('\n')) {
    if (!isElisionLine(line)) continue;
    known ??= new Set(current.split('\n').map((l) => l.trim()));
    if (!known.has(line.trim())) found.push(line.trim());
  }
  return found;
}
