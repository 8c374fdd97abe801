import { type DiffRow, lineDiff } from '@div/site-engine/line-diff';
import { clsx } from 'clsx';
import { useMemo } from 'react';

/*
 * Two versions of one text file as a line diff (site-engine's lineDiff): kept lines once, the old
 * side's lines marked "−" and the new side's "+", each labelled for screen readers. Long runs of
 * kept lines fold to three lines of context. The git conflict view shows both sides of a file with it.
 */

const CONTEXT = 3;

type Shown = DiffRow | { kind: 'fold'; count: number; key: string };

/** The rows to show: every change, with CONTEXT kept lines around it. */
function folded(rows: readonly DiffRow[]): Shown[] {
  const out: Shown[] = [];
  let i = 0;
  while (i < rows.length) {
    if (rows[i]?.kind !== 'same') {
      out.push(rows[i] as DiffRow);
      i++;
      continue;
    }
    let end = i;
    while (end < rows.length && rows[end]?.kind === 'same') end++;
    const keepBefore = i === 0 ? 0 : CONTEXT;
    const keepAfter = end === rows.length ? 0 : CONTEXT;
    if (end - i > keepBefore + keepAfter + 1) {
      out.push(...rows.slice(i, i + keepBefore));
      out.push({ kind: 'fold', count: end - i - keepBefore - keepAfter, key: `fold-${i}` });
      out.push(...rows.slice(end - keepAfter, end));
    } else out.push(...rows.slice(i, end));
    i = end;
  }
  return out;
}

const rowStyle: Record<Shown['kind'], string> = {
  same: 'text-gray-800 dark:text-gray-200',
  removed: 'bg-red-50 text-red-950 dark:bg-red-950/60 dark:text-red-50',
  added: 'bg-green-50 text-green-950 dark:bg-green-950/60 dark:text-green-50',
  fold: 'bg-gray-100 italic text-gray-700 dark:bg-gray-800 dark:text-gray-300',
};
const marker = { same: ' ', removed: '−', added: '+', fold: '…' } as const;

export function DiffView({
  before,
  after,
  label,
  beforeLabel,
  afterLabel,
  foldLabel,
  testId,
}: {
  /** The old side's text; null when that side has no such file. */
  before: string | null;
  after: string | null;
  /** The region's accessible name. */
  label: string;
  /** Read before each removed and added line by screen readers ("En DIV", "En el repositorio"). */
  beforeLabel: string;
  afterLabel: string;
  foldLabel: (count: number) => string;
  testId?: string;
}) {
  const rows = useMemo(() => folded(lineDiff(before ?? '', after ?? '')), [before, after]);
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard.
      tabIndex={0}
      data-testid={testId}
      className="mt-1 max-h-72 overflow-auto rounded border border-gray-300 bg-white py-1 font-mono text-xs dark:border-gray-600 dark:bg-gray-900"
    >
      {rows.map((row) => {
        const key =
          row.kind === 'fold'
            ? row.key
            : `${row.kind}-${'oldLine' in row ? row.oldLine : ''}-${'newLine' in row ? row.newLine : ''}`;
        return (
          <div key={key} data-kind={row.kind} className={clsx('flex gap-2 px-2 whitespace-pre-wrap', rowStyle[row.kind])}>
            <span aria-hidden className="w-3 shrink-0 select-none text-center">
              {marker[row.kind]}
            </span>
            {row.kind === 'fold' ? (
              <span>{foldLabel(row.count)}</span>
            ) : (
              <span className="min-w-0 break-all">
                {row.kind !== 'same' && <span className="sr-only">{row.kind === 'removed' ? beforeLabel : afterLabel}: </span>}
                {row.text || '\u00a0'}
              </span>
            )}
          </div>
        );
      })}
    </section>
  );
}
