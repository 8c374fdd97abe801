import { indentOf, isBlank, normalizeLine } from './normalize';

/** Past this many line pairs the alignment is skipped (a block that large is rewritten, not copied). */
const MAX_PAIRS = 250_000;

/**
 * A REPLACE line equal to a SEARCH line up to the tolerated drift (quotes, entities, `<br />`,
 * spacing, Unicode composition) is a line the model copied, not one it meant to change: it keeps the
 * file's own text (ADR 0160, issue 39). REPLACE and SEARCH lines are paired in order (longest common
 * subsequence of their normalised forms); a paired line is the file's line at the indentation the
 * replacement was fitted to. `search[t]` matched `file[t]`; `fitted[i]` is `replace[i]` re-indented.
 */
export function keepFileBytes(
  replace: readonly string[],
  fitted: readonly string[],
  search: readonly string[],
  file: readonly string[],
): string[] {
  const n = replace.length;
  const m = search.length;
  const out = [...fitted];
  if (n === 0 || m === 0 || n * m > MAX_PAIRS) return out;
  const r = replace.map((line) => (isBlank(line) ? null : normalizeLine(line)));
  const s = search.map(normalizeLine);
  const width = m + 1;
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i * width + j] =
        r[i] !== null && r[i] === s[j]
          ? 1 + (table[(i + 1) * width + j + 1] ?? 0)
          : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (r[i] !== null && r[i] === s[j]) {
      const own = file[j] ?? '';
      out[i] = indentOf(fitted[i] ?? '') + own.slice(indentOf(own).length);
      i++;
      j++;
    } else if ((table[(i + 1) * width + j] ?? 0) >= (table[i * width + j + 1] ?? 0)) i++;
    else j++;
  }
  return out;
}
