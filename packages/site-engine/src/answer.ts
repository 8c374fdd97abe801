import { resolveGuessedPaths } from './answer-files';
import { applyEditsToFiles, type BlockResult, type FileEdits, isApplied } from './apply-edits';
import { elisionLines, isElisionLine } from './elision';
import { isBlank, normalizeLine } from './normalize';
import type { EditBlock, ParsedFile, ParseResult } from './parse';
import { extensionOf } from './paths';

/**
 * The one rule for a model's answer to a follow-up (ADR 0160): it applies as a whole, across all
 * its files, or not at all, and then people are told why in Spanish. A cut-off answer never applies;
 * a whole file must be that file complete and hold no placeholder; every edit block must land in
 * exactly one place. Pure: the caller streams, stores and charges.
 */

export type Refusal = 'cut_off' | 'empty' | 'fragment' | 'elision' | 'not_found' | 'ambiguous' | 'conflict' | 'exists';

export interface AnswerContext {
  /** Why the provider said the answer ended ('stop', 'length', ...), null if it did not say. */
  finishReason?: string | null;
  /** The connection dropped before the answer finished. */
  dropped?: boolean;
  /**
   * Who wrote the answer, named in the refusal (issue 22): a model ('ai', the default) or DIV's
   * local composer ('composer'), which is not an AI and is never called one.
   */
  author?: AnswerAuthor;
}

export type AnswerAuthor = 'ai' | 'composer';

/** The author as the subject of a Spanish sentence, and after "de" (de + el = del). */
const AUTHORS: Record<AnswerAuthor, { subject: string; of: string }> = {
  ai: { subject: 'La IA', of: 'de la IA' },
  composer: { subject: 'El compositor local', of: 'del compositor local' },
};

export type AnswerOutcome =
  | {
      ok: true;
      /** Every file after the answer. */
      files: Record<string, string>;
      byPath: FileEdits[];
    }
  | {
      ok: false;
      reason: Refusal;
      /** For people (Spanish): what happened and that nothing changed. */
      message: string;
      /** For the model in a retry (English): each failed block, with the closest region. */
      failures: string;
      /** Files the answer wanted to change. */
      paths: string[];
      byPath: FileEdits[];
    };

const NUMBERS = ['cero', 'un', 'dos', 'tres', 'cuatro', 'cinco'];
const NOTHING = 'No se ha cambiado nada y no se ha descontado ningún mensaje.';

function isHtml(path: string): boolean {
  return /^html?$/.test(extensionOf(path));
}

/** A whole HTML document: it opens with a doctype or `<html>` and closes `</html>` (or at least `</body>`). */
function isWholeDocument(content: string): boolean {
  const text = content.trim();
  return /^(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s|html[\s>])/i.test(text) && /<\/(?:html|body)>$/i.test(text);
}

/** The rules and top-level names of a stylesheet or script, to tell a whole file from a snippet. */
function landmarks(path: string, content: string): Set<string> {
  const found = new Set<string>();
  const ext = extensionOf(path);
  const pattern =
    ext === 'css'
      ? /(?:^|\})\s*([^{}@;]+?)\s*\{/g
      : /^(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*([\w$]+)|(?:const|let|var|class)\s+([\w$]+))|^([\w$.]+)\.addEventListener\(/gm;
  for (const m of content.matchAll(pattern)) {
    const name = (m[1] ?? m[2] ?? (m[3] ? `${m[3]} listener` : '')).replace(/\s+/g, ' ').trim();
    if (name) found.add(name);
  }
  return found;
}

/** Whether `next` reads as a complete new version of `current` rather than a piece of it. */
function isWholeFile(path: string, current: string | undefined, next: string): boolean {
  if (isHtml(path)) return isWholeDocument(next);
  if (current === undefined || current.trim() === '') return true;
  if (next.length >= current.length * 0.6) return true;
  const before = landmarks(path, current);
  if (before.size < 2) return next.length >= current.length * 0.3;
  const after = landmarks(path, next);
  let kept = 0;
  for (const name of before) if (after.has(name)) kept++;
  return kept / before.size > 0.5;
}

function refusal(
  reason: Refusal,
  message: string,
  failures: string,
  paths: string[],
  byPath: FileEdits[] = [],
): Extract<AnswerOutcome, { ok: false }> {
  return { ok: false, reason, message, failures, paths, byPath };
}

/**
 * A markerless snippet that is not its file complete, beside edit blocks, every line of which the
 * blocks write or the file already has: a preview of the change or a quote, ignored (ADR 0160).
 */
function isPreview(file: ParsedFile, files: Readonly<Record<string, string>>, edits: readonly EditBlock[]): boolean {
  const current = files[file.path];
  if (isWholeFile(file.path, current, file.content)) return false;
  const known = new Set<string>();
  for (const text of [current ?? '', ...edits.map((e) => e.replace)])
    for (const line of text.split('\n')) if (!isBlank(line)) known.add(normalizeLine(line));
  return file.content.split('\n').every((line) => isBlank(line) || isElisionLine(line) || known.has(normalizeLine(line)));
}

/** Applies a parsed answer to `files` under the one rule. */
export function applyAnswer(
  files: Readonly<Record<string, string>>,
  parsed: ParseResult,
  context: AnswerContext = {},
): AnswerOutcome {
  const edits = resolveGuessedPaths(files, parsed.edits, [
    ...parsed.edits.map((e) => e.replace),
    ...parsed.files.map((f) => f.content),
  ]);
  const paths = [
    ...new Set([...parsed.files.map((f) => f.path), ...edits.flatMap((e) => (e.to ? [e.path, e.to] : e.path ? [e.path] : []))]),
  ];
  const author = AUTHORS[context.author ?? 'ai'];
  const cut =
    context.dropped || context.finishReason === 'length' || parsed.cutOff !== null || parsed.files.some((f) => f.truncated);
  if (cut) {
    const where = parsed.cutOff === 'thinking' ? ' mientras pensaba' : '';
    return refusal(
      'cut_off',
      `La respuesta ${author.of} se cortó${where} antes de terminar, así que no se ha aplicado. ${NOTHING}`,
      'Your previous answer was cut off before it ended, so nothing was applied. Send the complete answer again, shorter: no explanations, only the SEARCH/REPLACE blocks, each with the fewest lines that make its SEARCH unique.',
      paths,
    );
  }
  if (parsed.files.length === 0 && parsed.edits.length === 0) {
    return refusal(
      'empty',
      `${author.subject} no devolvió ningún cambio aplicable. ${NOTHING}`,
      'Your answer held no file and no SEARCH/REPLACE block. Answer with SEARCH/REPLACE blocks.',
      paths,
    );
  }

  if (edits.some((e) => e.op === 'invalid'))
    return refusal(
      'not_found',
      `${author.subject} quiso cambiar un archivo con un nombre no válido. ${NOTHING}`,
      'Your patch names a file path that is not a project file. Use the paths of the files as given.',
      paths,
    );
  // apply_patch's `*** Add File`: a new file, never one that is there already.
  const added = edits.filter((e) => e.op === 'add');
  const taken = added.find((e) => (files[e.path] ?? '').trim() !== '');
  if (taken)
    return refusal(
      'exists',
      `${author.subject} intentó crear ${taken.path}, que ya existe. ${NOTHING}`,
      `${taken.path} already exists: use *** Update File for it.`,
      paths,
    );
  const lineEdits = edits.filter((e) => e.op === undefined);
  // A snippet shown "for reference" beside edit blocks is no file: nothing of it goes unapplied.
  const shown = parsed.files.filter((f) => !(lineEdits.length > 0 && isPreview(f, files, lineEdits)));
  const wholeFiles = [...shown, ...added.map((e) => ({ path: e.path, content: e.replace, truncated: false }))];

  const base: Record<string, string> = { ...files };
  for (const file of wholeFiles) {
    const current = files[file.path];
    const placeholders = elisionLines(file.content, current ?? '');
    if (placeholders.length > 0) {
      return refusal(
        'elision',
        `${author.subject} dejó partes de ${file.path} sin escribir («${placeholders[0]}»); aplicarlo habría borrado contenido. ${NOTHING}`,
        `Your version of ${file.path} contains a placeholder (${placeholders[0]}) instead of the real code. Never abbreviate: use SEARCH/REPLACE blocks for the parts that change.`,
        paths,
      );
    }
    if (!isWholeFile(file.path, current, file.content)) {
      return refusal(
        'fragment',
        `${author.subject} devolvió solo un fragmento de ${file.path}, no el archivo completo; aplicarlo habría borrado el resto. ${NOTHING}`,
        `Your block for ${file.path} is a fragment, not the whole file. Use SEARCH/REPLACE blocks to change part of a file.`,
        paths,
      );
    }
    base[file.path] = file.content;
  }
  const applied = lineEdits.length ? applyEditsToFiles(base, lineEdits) : { ok: true, files: base, byPath: [], failures: '' };
  if (!applied.ok) return explainEdits(applied.byPath, applied.failures, paths, base, author.subject);
  // apply_patch's `*** Delete File` and `*** Move to`, after the edits.
  const next = applied.files;
  for (const op of edits) {
    if (op.op !== 'delete' && op.op !== 'move') continue;
    if (next[op.path] === undefined)
      return refusal(
        'not_found',
        `${author.subject} quiso ${op.op === 'delete' ? 'borrar' : 'mover'} ${op.path}, que no existe. ${NOTHING}`,
        `The file ${op.path} does not exist.`,
        paths,
        applied.byPath,
      );
    const content = next[op.path] as string;
    if (op.op === 'move' && op.to && op.to !== op.path) {
      if (next[op.to] !== undefined)
        return refusal(
          'exists',
          `${author.subject} intentó mover ${op.path} a ${op.to}, que ya existe. ${NOTHING}`,
          `${op.to} already exists.`,
          paths,
          applied.byPath,
        );
      next[op.to] = content;
    }
    if (op.op === 'delete' || op.to !== op.path) delete next[op.path];
  }
  return { ok: true, files: next, byPath: applied.byPath };
}

function explainEdits(byPath: FileEdits[], failures: string, paths: string[], base: Record<string, string>, author: string) {
  const failed: { path: string; result: BlockResult }[] = [];
  for (const file of byPath)
    for (const result of file.results) if (!isApplied(result.outcome)) failed.push({ path: file.path, result });
  const first = (outcome: BlockResult['outcome']) => failed.find((f) => f.result.outcome === outcome);
  const ambiguous = first('ambiguous');
  if (ambiguous) {
    const count = ambiguous.result.candidates?.length ?? 2;
    const what = kindOf(base[ambiguous.path] ?? '', ambiguous.result.candidates?.[0] ?? 1);
    return refusal(
      'ambiguous',
      `El cambio encaja en varios sitios de ${ambiguous.path}: hay ${NUMBERS[count] ?? count} ${what} que encajan y no se sabe cuál querías. ${NOTHING} Di cuál (por su título o su texto).`,
      failures,
      paths,
      byPath,
    );
  }
  const conflict = first('conflict');
  if (conflict)
    return refusal(
      'conflict',
      `${author} envió cambios contradictorios para las mismas líneas de ${conflict.path}. ${NOTHING}`,
      failures,
      paths,
      byPath,
    );
  const elided = first('elision');
  if (elided)
    return refusal(
      'elision',
      `${author} dejó partes de ${elided.path} sin escribir («${elided.result.placeholders?.[0] ?? '...'}»); aplicarlo habría borrado contenido. ${NOTHING}`,
      failures,
      paths,
      byPath,
    );
  const exists = first('exists');
  if (exists)
    return refusal('exists', `${author} intentó crear ${exists.path}, que ya existe. ${NOTHING}`, failures, paths, byPath);
  const missing = failed[0];
  const path = missing?.path ?? paths[0] ?? 'index.html';
  return refusal(
    'not_found',
    base[path] === undefined
      ? `${author} quiso editar ${path}, que no existe. ${NOTHING}`
      : `${author} quiso cambiar un texto que no está en ${path} (no coincide con el código actual). ${NOTHING}`,
    failures,
    paths,
    byPath,
  );
}

/** What the places that match are, in words ("tarjetas", "secciones"...), from the first one's opening line. */
function kindOf(content: string, line: number): string {
  const text = (content.split('\n')[line - 1] ?? '').toLowerCase();
  if (/card|plan|tarjeta|price|precio/.test(text)) return 'tarjetas';
  if (/<li[\s>]/.test(text)) return 'elementos de lista';
  if (/<section[\s>]/.test(text)) return 'secciones';
  if (/<(?:a|button)[\s>]/.test(text)) return 'botones o enlaces';
  return 'partes';
}
