/**
 * The output protocol DIV asks models for. The server's prompt builder pastes these texts into its
 * system prompts; `parse.ts` reads the answers (and tolerates the usual deviations from them).
 */

export const THINK_OPEN = '<think>';
export const THINK_CLOSE = '</think>';

export const SEARCH_MARKER = '<<<<<<< SEARCH';
export const DIVIDER_MARKER = '=======';
export const REPLACE_MARKER = '>>>>>>> REPLACE';

/** The files a new project starts with, in the order the editor lists them. */
export const DEFAULT_FILES = ['index.html', 'style.css', 'script.js'] as const;

/** Opening line of a fenced block that carries one file: the language, then the path. */
export function fileFence(path: string, language = fenceLanguageForPath(path)): string {
  return `\`\`\`${language} ${path}`;
}

export function fenceLanguageForPath(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'htm') return 'html';
  if (ext === 'mjs' || ext === 'js') return 'js';
  return ext;
}

/** Writes one whole file exactly as the protocol asks models to. */
export function formatFileBlock(path: string, content: string): string {
  const body = content.endsWith('\n') ? content : `${content}\n`;
  return `${fileFence(path)}\n${body}\`\`\`\n`;
}

/** Writes SEARCH/REPLACE blocks for one file exactly as the protocol asks models to. */
export function formatEditBlocks(path: string, blocks: readonly { search: string; replace: string }[]): string {
  const withNewline = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
  const body = blocks
    .map(
      (block) =>
        `${SEARCH_MARKER}\n${withNewline(block.search)}${DIVIDER_MARKER}\n${withNewline(block.replace)}${REPLACE_MARKER}\n`,
    )
    .join('');
  return `${fileFence(path)}\n${body}\`\`\`\n`;
}

/** Instructions for a new site (or a full rewrite): whole files in fenced blocks tagged with their path. */
export const WHOLE_FILES_INSTRUCTIONS = `Answer with complete files. Write each file in its own fenced code block whose opening line names the language and then the file path, for example:

\`\`\`html index.html
<!DOCTYPE html>
<html lang="es">
...
</html>
\`\`\`

\`\`\`css style.css
body { ... }
\`\`\`

\`\`\`js script.js
...
\`\`\`

Use index.html, style.css and script.js; extra pages get their own file (about.html, contact.html). index.html links style.css with <link rel="stylesheet" href="style.css"> and loads script.js with <script src="script.js"></script>. Write every file in full, never "..." or "rest unchanged". You may write a short sentence before the files; write nothing inside a block except the file.`;

/** How an answer names the part of the request it did not do. */
export const NOT_DONE_MARKER = 'Not done:';
const NOT_DONE_LINE = /^[ \t]*(?:[-*>][ \t]+)?[*_]{0,2}(?:Not done|Sin hacer|No hecho)[*_]{0,2}[ \t]*:[*_]{0,2}[ \t]*(.*)$/gim;

/** Instructions for a follow-up change: SEARCH/REPLACE blocks per file. */
export const EDIT_INSTRUCTIONS = `Change the existing files with SEARCH/REPLACE blocks. For each file you change, open a fenced code block whose opening line names the language and the file path, and put one or more blocks inside it:

\`\`\`html index.html
${SEARCH_MARKER}
    <h1>Old title</h1>
${DIVIDER_MARKER}
    <h1>New title</h1>
${REPLACE_MARKER}
\`\`\`

Rules:
- The SEARCH part is copied character for character from the current file, including indentation, and covers whole lines.
- Include enough lines in SEARCH for it to match exactly one place in the file; keep it short (a few lines around the change).
- To delete lines, leave the REPLACE part empty. To add lines, SEARCH for the line they follow and repeat it in REPLACE with the new lines.
- Use several small blocks rather than one large one; list them in the order they appear in the file.
- To create a new file, write it whole in a fenced block tagged with its path instead.
- If you leave out part of the request (you cannot do it, or you lack what it needs), say which part after the blocks, on one line that starts with "${NOT_DONE_MARKER}".`;

/**
 * The part of a request an answer says it did not do (its "Not done:" line, or the composer's
 * "Sin hacer:"), or null: a change that did only part of what was asked is never told as done.
 */
export function notDoneIn(prose: string): string | null {
  const found: string[] = [];
  for (const m of prose.matchAll(NOT_DONE_LINE)) {
    const part = m[1]?.trim() ?? '';
    if (part && !/^(?:nothing|none|n\/a|nada|ninguna?|-+)\.?$/i.test(part)) found.push(part);
  }
  return found.length ? found.join(' ') : null;
}

/** The prose without its "Not done:" lines. */
export function withoutNotDone(prose: string): string {
  return prose.replace(NOT_DONE_LINE, '').trim();
}

/** Instructions that ask for the model's reasoning before the answer. */
export const THINKING_INSTRUCTIONS = `Before answering, you may think step by step inside ${THINK_OPEN}...${THINK_CLOSE}. Everything after ${THINK_CLOSE} is the answer.`;
