import { bareLinePath, lastFilenameIn } from './paths';

/** One SEARCH/REPLACE block. `search` and `replace` hold whole lines, each ending with "\n". */
export interface EditBlock {
  path: string;
  search: string;
  replace: string;
  /**
   * An apply_patch hunk's `@@` context line: where several places match, the first one after
   * this line (found once) is meant.
   */
  anchor?: string;
  /**
   * Not an edit of lines (apply_patch): `add` writes a new file (REPLACE is its content), `delete`
   * removes the file, `move` renames it to `to` after its edits; `invalid` names no safe path.
   */
  op?: 'add' | 'delete' | 'move' | 'invalid';
  to?: string;
  /** The path came from the fence's language (```css), not from a name in the answer. */
  guessed?: boolean;
}

/** `<<<<<<< SEARCH` and the variants models write (`<<<< SEARCH`, `<<<<<<< ORIGINAL`, `<<<<<<< HEAD`). */
export const SEARCH_LINE = /^\s*<{3,9}\s*(?:SEARCH|ORIGINAL|FIND|BUSCAR|HEAD)\b:?(.*)$/i;
const DIVIDER_LINE = /^\s*={5,9}\s*$|^\s*={3,4}\s*(?:REPLACE|DIVIDER)?\s*$/i;
const REPLACE_LINE = /^\s*>{5,9}\s*(?:(?:REPLACE|UPDATED|NEW|REEMPLAZAR)\b.*|[\w./-]+)?$|^\s*>{3,4}\s*(?:REPLACE|UPDATED)\b.*$/i;
const TITLE_LINE = /^\s*<{5,9}\s*START_TITLE/i;

/**
 * What a line did to a run of edit blocks: it belonged to them, it closed their fence, or it is
 * not theirs (prose after unfenced blocks) and goes back to the parser.
 */
export type EditLineOutcome = 'consumed' | 'closed' | 'not-mine';

/** A run of SEARCH/REPLACE blocks, fenced or not, possibly switching files between blocks. */
export class EditRun {
  private state: 'expect' | 'search' | 'replace';
  private search: string[] = [];
  private replace: string[] = [];

  constructor(
    private path: string,
    private readonly fenced: boolean,
    private readonly onBlock: (block: EditBlock) => void,
    private readonly onWarning: (message: string) => void,
    startInSearch: boolean,
    /** The path was only guessed from the fence's language (until a line names one). */
    private guessed = false,
  ) {
    this.state = startInSearch ? 'search' : 'expect';
  }

  /** A block was open when the answer ended. */
  get unfinished(): boolean {
    return this.state !== 'expect';
  }

  /** Whether the run sits in a fence whose closing line has not come. */
  get inFence(): boolean {
    return this.fenced;
  }

  get currentPath(): string {
    return this.path;
  }

  line(line: string, closingFence: boolean): EditLineOutcome {
    const closing = this.fenced && closingFence;
    if (this.state === 'expect') {
      if (closing) return 'closed';
      const search = SEARCH_LINE.exec(line);
      if (search) {
        const named = lastFilenameIn(search[1] ?? '');
        if (named) [this.path, this.guessed] = [named, false];
        this.state = 'search';
        this.search = [];
        return 'consumed';
      }
      if (line.trim() === '') return 'consumed';
      const named = bareLinePath(line) ?? (TITLE_LINE.test(line) ? lastFilenameIn(line) : null);
      if (named) {
        [this.path, this.guessed] = [named, false];
        return 'consumed';
      }
      return this.fenced ? 'consumed' : 'not-mine';
    }
    if (this.state === 'search') {
      if (DIVIDER_LINE.test(line)) {
        this.state = 'replace';
        this.replace = [];
      } else if (closing) {
        this.onWarning(`An edit block for ${this.path} had no ======= divider and was dropped.`);
        return 'closed';
      } else if (SEARCH_LINE.test(line)) {
        this.search = [];
      } else {
        this.search.push(line);
      }
      return 'consumed';
    }
    // Models forget the REPLACE marker before the next SEARCH or the closing fence.
    if (REPLACE_LINE.test(line)) {
      this.emit();
      this.state = 'expect';
    } else if (SEARCH_LINE.test(line)) {
      this.emit();
      this.state = 'search';
      this.search = [];
    } else if (closing) {
      this.emit();
      return 'closed';
    } else {
      this.replace.push(line);
    }
    return 'consumed';
  }

  private emit(): void {
    const block: EditBlock = { path: this.path, search: joinLines(this.search), replace: joinLines(this.replace) };
    this.onBlock(this.guessed ? { ...block, guessed: true } : block);
    this.search = [];
    this.replace = [];
  }
}

function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const line of lines) out += `${line}\n`;
  return out;
}
