import { DIFF_START, DiffRun } from './parse-diff';
import { type EditBlock, EditRun, SEARCH_LINE } from './parse-edits';
import { PATCH_START, PatchRun } from './parse-patch';
import { indexOfIgnoreCase, partialSuffix, toLf } from './parse-text';
import { bareLinePath, defaultPathForLanguage, languageFitsPath, lastFilenameIn } from './paths';

export type { EditBlock } from './parse-edits';

export interface ParsedFile {
  path: string;
  content: string;
  /** The answer ended before the file's closing fence (or `</html>` for a bare document). */
  truncated: boolean;
}

export type ParseEvent =
  | { type: 'thinking'; text: string }
  | { type: 'file-start'; path: string }
  | { type: 'file-delta'; path: string; text: string }
  | { type: 'file-complete'; file: ParsedFile }
  | { type: 'edit'; block: EditBlock };

export interface ParseResult {
  thinking: string;
  /** Text outside thinking, files and edit blocks (the model's explanations). */
  prose: string;
  /** Whole files, in order of first appearance; a path written twice keeps its last version. */
  files: ParsedFile[];
  edits: EditBlock[];
  /** Things the parser recovered from or dropped (an edit block cut off by the end of the answer...). */
  warnings: string[];
  /**
   * Why the answer looks cut off, or null: it ended inside the thinking, inside a fence (a file,
   * edit blocks or a diff never closed) or inside an edit block. A cut-off answer never applies.
   */
  cutOff: 'thinking' | 'fence' | 'block' | null;
}

export interface ParserOptions {
  /** Where SEARCH/REPLACE blocks go when nothing names a file (the editor's active file). */
  defaultPath?: string;
}

type Mode = 'prose' | 'think' | 'fence-pending' | 'fence-skip' | 'file' | 'doc' | 'edits' | 'diff' | 'patch';
interface Fence {
  char: string;
  length: number;
}

/** Thinking tags models write, each with its closing tag. */
const THINK_TAGS = [
  ['<think>', '</think>'],
  ['<thinking>', '</thinking>'],
  ['<reasoning>', '</reasoning>'],
] as const;
const DIFF_LANGUAGES = new Set(['diff', 'patch', 'udiff']);
const HTML_CLOSE = '</html>';
const FENCE_OPEN = /^\s{0,3}(`{3,}|~{3,})(.*)$/;
const DOC_START_PARTIAL = /^\s*<(?:!doctype\s|html[\s>])/i;
/** How much of an undecided line is looked at to decide it early. */
const EARLY_HEAD = 64;
const DOC_START_LINE = /^\s*<(?:!doctype\s|html(?:[\s>]|$))/i;

/**
 * Incremental parser for a model's answer. Feed chunks as they stream, then call `end()`; the
 * events and the final `result()` do not depend on how the text was cut into chunks.
 */
export class OutputParser {
  private buf = '';
  private pos = 0;
  private queued: string[] = [];
  /** The last pump stopped in a mode that only moves on at a newline. */
  private waitingForLine = false;
  private mode: Mode = 'prose';
  private events: ParseEvent[] = [];
  private readonly defaultPath: string;

  private thinking: string[] = [];
  private prose: string[] = [];
  private files = new Map<string, ParsedFile>();
  private edits: EditBlock[] = [];
  private warnings: string[] = [];

  private hint: string | null = null;
  private fence: Fence | null = null;
  private fenceLanguage = '';
  private fencePath: string | null = null;
  private fencePathExplicit = false;

  private filePath = '';
  private fileParts: string[] = [];
  private atLineStart = true;
  /** Whether the line `takeLine` returned last had its newline (false only at the very end). */
  private lineEnded = true;

  private editRun: EditRun | null = null;
  private diffRun: DiffRun | null = null;
  private patchRun: { run: PatchRun; fenced: boolean } | null = null;
  /** For a diff written without a fence: blank lines held back (null inside a fence). */
  private unfenced: number | null = null;
  private thinkClose: string = THINK_TAGS[0][1];
  private cutOff: ParseResult['cutOff'] = null;

  constructor(options: ParserOptions = {}) {
    this.defaultPath = options.defaultPath ?? 'index.html';
  }

  feed(chunk: string): ParseEvent[] {
    // While a mode waits for the end of a long line, chunks without a newline are only queued: a
    // 200 KB minified line streamed in tokens must not be rescanned for every token. Deferring is
    // safe because the result does not depend on chunking; prose still looks at chunks with '<'
    // (a `<think>` or a document may start mid-line) and at short lines (not yet decided).
    if (this.waitingForLine && !chunk.includes('\n')) {
      const undecidedProse = this.mode === 'prose' && (chunk.includes('<') || this.buf.length - this.pos < 64);
      if (!undecidedProse) {
        this.queued.push(chunk);
        return [];
      }
    }
    this.buf = this.buf.slice(this.pos) + this.takeQueued() + chunk;
    this.pos = 0;
    this.pump(false);
    return this.flushEvents();
  }

  private takeQueued(): string {
    if (this.queued.length === 0) return '';
    const text = this.queued.join('');
    this.queued = [];
    return text;
  }

  /** Reasoning that arrived in a separate field of the provider's stream. */
  feedReasoning(text: string): ParseEvent[] {
    if (text) this.emitThinking(text);
    return this.flushEvents();
  }

  end(): ParseEvent[] {
    this.buf = this.buf.slice(this.pos) + this.takeQueued();
    this.pos = 0;
    this.pump(true);
    if (this.mode === 'file' || this.mode === 'doc') {
      this.finishFile(true);
      if (this.files.get(this.filePath)?.truncated) this.cutOff = 'fence';
    } else if (this.mode === 'diff' && this.unfenced !== null) this.finishDiff();
    else if (this.mode === 'think') this.cutOff = 'thinking';
    else if (this.mode === 'fence-pending' || this.mode === 'fence-skip' || this.mode === 'diff') {
      this.cutOff = 'fence';
      if (this.mode === 'diff') this.warnings.push('A diff was cut off before its closing fence and was dropped.');
    } else if (this.mode === 'edits' && this.editRun?.unfinished) {
      this.cutOff = 'block';
      this.warnings.push(`An edit block for ${this.editRun.currentPath} was cut off before its end marker and was dropped.`);
    } else if (this.mode === 'edits' && this.editRun?.inFence) this.cutOff = 'fence';
    else if (this.mode === 'patch') {
      this.cutOff = this.patchRun?.fenced ? 'fence' : 'block';
      this.warnings.push('An apply_patch answer was cut off before `*** End Patch`.');
    }
    this.mode = 'prose';
    return this.flushEvents();
  }

  result(): ParseResult {
    return {
      thinking: this.thinking.join(''),
      prose: this.prose.join(''),
      files: [...this.files.values()],
      edits: [...this.edits],
      warnings: [...this.warnings],
      cutOff: this.cutOff,
    };
  }

  private flushEvents(): ParseEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  private pump(final: boolean): void {
    for (;;) {
      const before = this.pos;
      const mode = this.mode;
      // A fence's first line is decided early when it can be (see `startFileEarly`), so it only
      // waits for its newline once its head is long enough to have been decided.
      this.waitingForLine =
        mode === 'prose' ||
        mode === 'edits' ||
        mode === 'diff' ||
        mode === 'patch' ||
        mode === 'fence-skip' ||
        (mode === 'fence-pending' && this.buf.length - this.pos >= EARLY_HEAD);
      switch (mode) {
        case 'prose':
          this.stepProse(final);
          break;
        case 'think':
          this.stepThink(final);
          break;
        case 'file':
          this.stepFile(final);
          break;
        case 'doc':
          this.stepDoc(final);
          break;
        default:
          this.stepLines(final);
      }
      if (this.pos === before && this.mode === mode) return;
    }
  }

  /** Takes one complete line (or the rest of the text at the end), without its line ending. */
  private takeLine(final: boolean): string | null {
    const nl = this.buf.indexOf('\n', this.pos);
    let line: string;
    this.lineEnded = nl >= 0;
    if (nl < 0) {
      if (!final || this.pos >= this.buf.length) return null;
      line = this.buf.slice(this.pos);
      this.pos = this.buf.length;
    } else {
      line = this.buf.slice(this.pos, nl);
      this.pos = nl + 1;
    }
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }

  private stepProse(final: boolean): void {
    const nl = this.buf.indexOf('\n', this.pos);
    const lineEnd = nl < 0 ? this.buf.length : nl;
    // A line that starts a document is decided before anything else on it, so the decision is the
    // same whether the line arrived whole or in pieces.
    const lineText = this.buf.slice(this.pos, lineEnd);
    if ((nl < 0 && !final ? DOC_START_PARTIAL : DOC_START_LINE).test(lineText)) {
      this.startDoc();
      return;
    }
    let think = -1;
    let tag: (typeof THINK_TAGS)[number] = THINK_TAGS[0];
    for (const candidate of THINK_TAGS) {
      const at = indexOfIgnoreCase(this.buf, candidate[0], this.pos, lineEnd);
      if (at >= 0 && (think < 0 || at < think)) [think, tag] = [at, candidate];
    }
    if (think >= 0) {
      if (think > this.pos) this.prose.push(this.buf.slice(this.pos, think));
      this.pos = think + tag[0].length;
      this.thinkClose = tag[1];
      this.mode = 'think';
      return;
    }
    if (nl < 0 && !final) return;
    const line = this.takeLine(final);
    if (line !== null) this.proseLine(line);
  }

  private proseLine(line: string): void {
    const fence = FENCE_OPEN.exec(line);
    if (fence) {
      this.openFence({ char: fence[1]?.[0] ?? '`', length: fence[1]?.length ?? 3 }, fence[2] ?? '');
      return;
    }
    if (PATCH_START.test(line)) {
      this.startPatch(false);
      return;
    }
    if (UNFENCED_DIFF.test(line)) {
      this.diffRun = new DiffRun(this.hint ?? this.defaultPath);
      this.unfenced = 0;
      this.mode = 'diff';
      this.diffRun.line(line);
      return;
    }
    const search = SEARCH_LINE.exec(line);
    if (search) {
      const path = lastFilenameIn(search[1] ?? '') ?? this.hint ?? this.defaultPath;
      this.hint = null;
      this.startEdits(path, false, true);
      return;
    }
    if (line.trim() !== '') this.hint = lastFilenameIn(line);
    this.prose.push(`${line}\n`);
  }

  private stepThink(final: boolean): void {
    const close = indexOfIgnoreCase(this.buf, this.thinkClose, this.pos, this.buf.length);
    if (close >= 0) {
      if (close > this.pos) this.emitThinking(this.buf.slice(this.pos, close));
      this.pos = close + this.thinkClose.length;
      this.mode = 'prose';
      return;
    }
    const keep = final ? 0 : partialSuffix(this.buf, this.pos, this.thinkClose);
    const end = this.buf.length - keep;
    if (end > this.pos) this.emitThinking(this.buf.slice(this.pos, end));
    this.pos = end;
  }

  private openFence(fence: Fence, info: string): void {
    const trimmed = info.trim();
    const language = /^([A-Za-z0-9_+#-]+)(?=$|[\s:{])/.exec(trimmed)?.[1] ?? '';
    const explicit = lastFilenameIn(trimmed.replace(/^[A-Za-z0-9_+#-]+:/, '$& '));
    this.fence = fence;
    this.fenceLanguage = language.toLowerCase();
    this.fencePathExplicit = explicit !== null;
    this.fencePath = explicit ?? (this.hint && languageFitsPath(this.fenceLanguage, this.hint) ? this.hint : null);
    this.hint = null;
    this.mode = 'fence-pending';
  }

  private isClosingFence(line: string): boolean {
    const fence = this.fence;
    if (!fence) return false;
    const match = /^\s{0,3}(`{3,}|~{3,})\s*$/.exec(line);
    return !!match && match[1]?.[0] === fence.char && (match[1]?.length ?? 0) >= fence.length;
  }

  /** Line-level modes: the first lines of a fence, a skipped fence, and edit blocks. */
  private stepLines(final: boolean): void {
    if (this.mode === 'fence-pending' && !final && this.buf.indexOf('\n', this.pos) < 0) {
      this.startFileEarly();
      return;
    }
    const line = this.takeLine(final);
    if (line === null) return;
    if (this.mode === 'fence-pending') this.fencePendingLine(line);
    else if (this.mode === 'diff') this.diffLine(line);
    else if (this.mode === 'patch') this.patchLine(line);
    else if (this.mode === 'fence-skip') {
      if (this.isClosingFence(line)) this.mode = 'prose';
    } else this.editLine(line);
  }

  private fencePendingLine(line: string): void {
    if (this.isClosingFence(line)) {
      this.mode = 'prose';
      return;
    }
    const trimmed = line.trim();
    if (trimmed === '') return;
    const search = SEARCH_LINE.exec(line);
    if (search) {
      const fitsDefault = languageFitsPath(this.fenceLanguage, this.defaultPath);
      const named = lastFilenameIn(search[1] ?? '') ?? this.fencePath;
      const byLanguage = fitsDefault ? null : defaultPathForLanguage(this.fenceLanguage);
      // A path only guessed from the fence's language: the answer's rule finds the site's own file.
      this.startEdits(named ?? byLanguage ?? this.defaultPath, true, true, named === null && byLanguage !== null);
      return;
    }
    if (PATCH_START.test(line)) {
      this.startPatch(true);
      return;
    }
    if (DIFF_LANGUAGES.has(this.fenceLanguage) || DIFF_START.test(line)) {
      const fitsDefault = this.fencePath ?? (languageFitsPath(this.fenceLanguage, this.defaultPath) ? this.defaultPath : null);
      this.diffRun = new DiffRun(fitsDefault ?? this.defaultPath);
      this.mode = 'diff';
      this.diffLine(line);
      return;
    }
    const bare = this.fencePathExplicit ? null : bareLinePath(trimmed);
    if (bare) {
      this.fencePath = bare;
      this.fencePathExplicit = true;
      return;
    }
    let path = this.fencePath ?? defaultPathForLanguage(this.fenceLanguage);
    if (!path && this.fenceLanguage === '' && DOC_START_LINE.test(line)) path = 'index.html';
    if (!path) {
      this.mode = 'fence-skip';
      return;
    }
    this.startFile(path);
    this.mode = 'file';
    this.emitFileText(this.lineEnded ? `${line}\n` : line);
  }

  /**
   * Starts a fenced file before its first line is complete, when no end of that line could make it
   * a closing fence, a SEARCH marker or a file-name line: the first code reaches the preview with
   * the first token instead of the first newline. The decision is the one the whole line would get.
   */
  private startFileEarly(): void {
    const head = this.buf.slice(this.pos, this.pos + EARLY_HEAD);
    const text = head.trimStart();
    const first = text[0];
    // A line starting like a diff (`--- a/x`, `+++`, `@@`, `diff --git`) waits for its newline.
    if (first === undefined || '`~-+@*'.includes(first)) return;
    if (text.startsWith('diff') || DIFF_LANGUAGES.has(this.fenceLanguage)) return;
    const docStart = DOC_START_PARTIAL.test(head);
    // A line starting with '<' may still become a SEARCH marker; any other may name the file.
    if (first === '<' ? !docStart : !this.fencePathExplicit) return;
    let path = this.fencePath ?? defaultPathForLanguage(this.fenceLanguage);
    if (!path && this.fenceLanguage === '' && docStart) path = 'index.html';
    if (!path) return;
    this.startFile(path);
    this.mode = 'file';
  }

  private startFile(path: string): void {
    this.filePath = path;
    this.fileParts = [];
    this.atLineStart = true;
    this.events.push({ type: 'file-start', path });
  }

  private startDoc(): void {
    const path = this.hint && /\.html?$/i.test(this.hint) ? this.hint : 'index.html';
    this.hint = null;
    this.startFile(path);
    this.mode = 'doc';
  }

  private emitFileText(text: string): void {
    if (text === '') return;
    this.fileParts.push(text);
    const last = this.events[this.events.length - 1];
    if (last?.type === 'file-delta' && last.path === this.filePath) last.text += text;
    else this.events.push({ type: 'file-delta', path: this.filePath, text });
  }

  private emitThinking(text: string): void {
    this.thinking.push(text);
    const last = this.events[this.events.length - 1];
    if (last?.type === 'thinking') last.text += text;
    else this.events.push({ type: 'thinking', text });
  }

  private finishFile(truncated: boolean): void {
    let content = this.fileParts.join('');
    if (truncated && /\n?\s*(`{3,}|~{3,})\s*$/.test(content) && this.mode === 'file') {
      // The closing fence was glued to the last line.
      content = content.replace(/\n?\s*(`{3,}|~{3,})\s*$/, '\n');
      truncated = false;
    }
    // A page that reached `</html>` is whole even if the answer ended before the closing fence.
    if (truncated && /<\/html>\s*$/i.test(content)) truncated = false;
    const file: ParsedFile = { path: this.filePath, content, truncated };
    this.files.delete(file.path);
    this.files.set(file.path, file);
    this.events.push({ type: 'file-complete', file });
    this.fileParts = [];
  }

  /** A fenced file: streamed as it arrives, except a line that might be the closing fence. */
  private stepFile(final: boolean): void {
    const buf = this.buf;
    if (this.atLineStart) {
      let i = this.pos;
      while (i < buf.length && (buf[i] === ' ' || buf[i] === '\t')) i++;
      if (i >= buf.length && !final) return;
      const c = buf[i];
      if (c === '`' || c === '~' || i >= buf.length) {
        if (buf.indexOf('\n', this.pos) < 0 && !final) return;
        const line = this.takeLine(final);
        if (line === null) return;
        if (this.isClosingFence(line)) {
          this.finishFile(false);
          this.mode = 'prose';
          return;
        }
        const reopened = FENCE_OPEN.exec(line);
        if (reopened && (reopened[2] ?? '').trim() !== '' && !/\.(md|markdown|txt)$/i.test(this.filePath)) {
          // The model forgot to close the previous block before starting the next one.
          this.finishFile(false);
          this.mode = 'prose';
          this.proseLine(line);
          return;
        }
        this.emitFileText(this.lineEnded ? `${line}\n` : line);
        return;
      }
    }
    const nl = buf.indexOf('\n', this.pos);
    if (nl >= 0) {
      const end = nl > this.pos && buf[nl - 1] === '\r' ? nl - 1 : nl;
      this.emitFileText(`${buf.slice(this.pos, end)}\n`);
      this.pos = nl + 1;
      this.atLineStart = true;
      return;
    }
    let end = buf.length;
    if (!final && buf[end - 1] === '\r') end--;
    if (end > this.pos) {
      this.emitFileText(buf.slice(this.pos, end));
      this.pos = end;
      this.atLineStart = false;
    }
  }

  /** A bare document (no fence): runs until `</html>`. */
  private stepDoc(final: boolean): void {
    const buf = this.buf;
    const close = indexOfIgnoreCase(buf, HTML_CLOSE, this.pos, buf.length);
    if (close >= 0) {
      this.emitFileText(toLf(buf.slice(this.pos, close + HTML_CLOSE.length)));
      this.emitFileText('\n');
      this.pos = close + HTML_CLOSE.length;
      this.finishFile(false);
      this.mode = 'prose';
      return;
    }
    let end = buf.length;
    if (!final) {
      end -= partialSuffix(buf, this.pos, HTML_CLOSE);
      if (buf[end - 1] === '\r') end--;
    }
    if (end > this.pos) {
      this.emitFileText(toLf(buf.slice(this.pos, end)));
      this.pos = end;
    }
  }

  /**
   * A line of a unified diff; its blocks go out when its fence closes or, for a diff written
   * without a fence, at the first line of prose after it.
   */
  private diffLine(line: string): void {
    const run = this.diffRun;
    if (!run) return;
    if (this.unfenced === null) {
      if (!this.isClosingFence(line)) run.line(line);
      else this.finishDiff();
      return;
    }
    if (line.trim() === '') this.unfenced++;
    else if (continuesDiff(line, this.unfenced > 0)) {
      for (; this.unfenced > 0; this.unfenced--) run.line('');
      run.line(line);
    } else {
      this.finishDiff();
      this.proseLine(line);
    }
  }

  private finishDiff(): void {
    for (const block of this.diffRun?.finish() ?? []) this.pushEdit(block);
    this.diffRun = null;
    this.unfenced = null;
    this.mode = 'prose';
  }

  private pushEdit = (block: EditBlock): void => {
    this.edits.push(block);
    this.events.push({ type: 'edit', block });
  };

  private startPatch(fenced: boolean): void {
    this.patchRun = { run: new PatchRun(this.pushEdit), fenced };
    this.mode = 'patch';
  }

  /** A line of an apply_patch answer; each hunk goes out as soon as the next one starts. */
  private patchLine(line: string): void {
    const patch = this.patchRun;
    if (!patch) return;
    if (patch.fenced && this.isClosingFence(line)) {
      // A fence closed around the patch ends it even without `*** End Patch`.
      patch.run.flush();
      this.patchRun = null;
      this.mode = 'prose';
    } else if (patch.run.line(line) && !patch.fenced) {
      this.patchRun = null;
      this.mode = 'prose';
    }
  }

  private startEdits(path: string, fenced: boolean, inSearch: boolean, guessed = false): void {
    this.mode = 'edits';
    this.editRun = new EditRun(path, fenced, this.pushEdit, (message) => this.warnings.push(message), inSearch, guessed);
  }

  private editLine(line: string): void {
    const run = this.editRun;
    if (!run) return;
    const outcome = run.line(line, this.isClosingFence(line));
    if (outcome === 'closed') this.mode = 'prose';
    else if (outcome === 'not-mine') {
      this.mode = 'prose';
      this.proseLine(line);
    }
  }
}

/** A diff written without a fence starts like git writes one. */
const UNFENCED_DIFF = /^(?:diff --git \S|--- a\/\S)/;

/**
 * Whether a line belongs to a diff written without a fence. After a blank line, a `-`/`+` line
 * with a single space ("- Cambié el color") is a list in prose, not a changed line.
 */
function continuesDiff(line: string, afterBlank: boolean): boolean {
  if (/^(?:@@|diff --git |index |--- |\+\+\+ |(?:new|deleted) file mode |\\| )/.test(line)) return true;
  if (!/^[-+]/.test(line)) return false;
  return !afterBlank || !/^[-+] \S/.test(line);
}

/** Parses a complete answer. */
export function parseOutput(text: string, options: ParserOptions = {}): ParseResult {
  const parser = new OutputParser(options);
  parser.feed(text);
  parser.end();
  return parser.result();
}
