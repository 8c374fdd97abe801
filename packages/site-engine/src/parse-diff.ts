import type { EditBlock } from './parse-edits';
import { normalizePath } from './paths';

/** The first line of a unified diff, or of one of its hunks. */
export const DIFF_START = /^(?:diff --git |--- (?:a\/)?\S|\+\+\+ (?:b\/)?\S|@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@)/;

/**
 * A unified diff (`--- a/x`, `+++ b/x`, `@@ -12,4 +12,6 @@` hunks) turned into SEARCH/REPLACE
 * blocks: each hunk's context and removed lines are the SEARCH, its context and added lines the
 * REPLACE. Line numbers are only hints, so they are ignored: the context must be unique, like any
 * SEARCH. A blank line inside a hunk is a blank context line (models drop its leading space).
 */
export class DiffRun {
  private path: string;
  private search: string[] = [];
  private replace: string[] = [];
  private inHunk = false;
  private readonly blocks: EditBlock[] = [];

  constructor(defaultPath: string) {
    this.path = defaultPath;
  }

  line(line: string): void {
    if (line.startsWith('--- ')) {
      this.flush();
      return;
    }
    if (line.startsWith('+++ ')) {
      this.flush();
      const name = line.slice(4).trim().split(/\s/)[0] ?? '';
      const path = normalizePath(name.replace(/^b\//, ''));
      if (path) this.path = path;
      return;
    }
    if (line.startsWith('@@')) {
      this.flush();
      this.inHunk = true;
      return;
    }
    if (line.startsWith('diff --git') || line.startsWith('index ') || !this.inHunk) return;
    if (line.startsWith('\\')) return;
    const mark = line[0];
    const body = line.slice(1);
    if (mark === '+') this.replace.push(body);
    else if (mark === '-') this.search.push(body);
    else {
      const text = mark === ' ' ? body : line;
      this.search.push(text);
      this.replace.push(text);
    }
  }

  private flush(): void {
    if (this.inHunk && (this.search.length > 0 || this.replace.length > 0)) {
      const join = (lines: string[]) => lines.map((l) => `${l}\n`).join('');
      this.blocks.push({ path: this.path, search: join(this.search), replace: join(this.replace) });
    }
    this.search = [];
    this.replace = [];
    this.inHunk = false;
  }

  /** The blocks of the whole diff (call once, at its end). */
  finish(): EditBlock[] {
    this.flush();
    return this.blocks;
  }
}
