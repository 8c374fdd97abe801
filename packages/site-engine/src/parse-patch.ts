import type { EditBlock } from './parse-edits';
import { normalizePath } from './paths';

/** The first line of an apply_patch answer (OpenAI's patch format). */
export const PATCH_START = /^\s*\*\*\*\s*Begin Patch\s*$/i;
const PATCH_END = /^\s*\*\*\*\s*End Patch\s*$/i;
const FILE_LINE = /^\s*\*\*\*\s*(Update|Add|Delete) File:\s*(.+?)\s*$/i;
const MOVE_LINE = /^\s*\*\*\*\s*Move to:\s*(.+?)\s*$/i;
const END_OF_FILE = /^\s*\*\*\*\s*End of File\s*$/i;
/** A unified diff's numbered hunk header: its numbers are hints, never an anchor. */
const NUMBERED_HUNK = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;

/**
 * An apply_patch answer (`*** Begin Patch` … `*** End Patch`) turned into edit blocks as it
 * streams: each hunk of an `*** Update File` becomes one SEARCH/REPLACE block (its ' ' and '-'
 * lines are the SEARCH, its ' ' and '+' lines the REPLACE) the moment the next hunk, file or the
 * end begins, with the `@@` context line as its anchor. `*** Add File` gives a whole new file,
 * `*** Delete File` and `*** Move to` give operations; the answer's one rule decides (ADR 0160).
 */
export class PatchRun {
  private path: string | null = null;
  private mode: 'none' | 'update' | 'add' = 'none';
  private anchor: string | undefined;
  private search: string[] = [];
  private replace: string[] = [];
  private inHunk = false;
  private ended = false;

  constructor(private readonly onBlock: (block: EditBlock) => void) {}

  /** `*** End Patch` came: the patch is complete. */
  get complete(): boolean {
    return this.ended;
  }

  /** Takes one line; returns true once the patch has ended. */
  line(line: string): boolean {
    if (this.ended) return true;
    if (PATCH_START.test(line)) return false;
    if (PATCH_END.test(line)) {
      this.flush();
      this.ended = true;
      return true;
    }
    const file = FILE_LINE.exec(line);
    if (file) {
      this.flush();
      const path = normalizePath(file[2] ?? '');
      const kind = (file[1] ?? '').toLowerCase();
      this.path = path;
      this.mode = path && kind !== 'delete' ? (kind as 'update' | 'add') : 'none';
      if (path && kind === 'delete') this.onBlock({ path, search: '', replace: '', op: 'delete' });
      // A file name that is no safe project path: its lines are dropped, and the patch refuses.
      if (!path) this.onBlock({ path: '', search: '', replace: '', op: 'invalid' });
      return false;
    }
    const move = MOVE_LINE.exec(line);
    if (move && this.path) {
      this.flush();
      const to = normalizePath(move[1] ?? '');
      this.onBlock({ path: this.path, search: '', replace: '', op: to ? 'move' : 'invalid', ...(to ? { to } : {}) });
      return false;
    }
    if (END_OF_FILE.test(line)) return false;
    if (this.mode === 'add') {
      this.replace.push(line.startsWith('+') ? line.slice(1) : line);
      return false;
    }
    if (this.mode !== 'update') return false;
    if (line.startsWith('@@')) {
      this.flush();
      this.inHunk = true;
      const context = line.slice(2).trim();
      this.anchor = NUMBERED_HUNK.test(line) || context === '' ? undefined : context.replace(/\s*@@$/, '');
      return false;
    }
    // Models often leave out the first `@@`: the hunk starts with its first line.
    this.inHunk = true;
    const mark = line[0];
    if (mark === '+') this.replace.push(line.slice(1));
    else if (mark === '-') this.search.push(line.slice(1));
    else {
      // A context line; a blank one lost its leading space.
      const text = mark === ' ' ? line.slice(1) : line;
      this.search.push(text);
      this.replace.push(text);
    }
    return false;
  }

  /** The current hunk or added file, as a block. */
  flush(): void {
    const path = this.path;
    const join = (lines: string[]) => lines.map((l) => `${l}\n`).join('');
    if (path && this.mode === 'add') {
      this.onBlock({ path, search: '', replace: join(this.replace), op: 'add' });
      this.mode = 'none';
    } else if (path && this.mode === 'update' && this.inHunk) {
      // Blank context lines at the end of a hunk are the gap before the next one, not text to match.
      while (this.search.at(-1)?.trim() === '' && this.replace.at(-1)?.trim() === '') {
        this.search.pop();
        this.replace.pop();
      }
    }
    if (path && this.mode === 'update' && this.inHunk && (this.search.length || this.replace.length)) {
      this.onBlock({
        path,
        search: join(this.search),
        replace: join(this.replace),
        ...(this.anchor ? { anchor: this.anchor } : {}),
      });
    }
    this.search = [];
    this.replace = [];
    this.inHunk = false;
    this.anchor = undefined;
  }
}
