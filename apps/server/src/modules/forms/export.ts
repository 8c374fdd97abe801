import { type FormField, formAllowanceOf, type Submission } from '@div/shared/forms';
import { and, desc, inArray, type SQL, sql } from 'drizzle-orm';
import { formSubmissions } from '../../db/schema/forms';
import { columns, filterOf, type InboxScope, toSubmission } from './service';

/**
 * The inbox as CSV (issue 23), streamed a page at a time and linear in what it writes (issue 36,
 * ADR 0242): outsiders can fill the spam folder with submissions of 40 made-up field names each, so
 * nothing here may grow with names × rows, nor hold the event loop for the whole folder.
 */

/** Field names with a column of their own; the rest go, as `name: value` lines, into "otros campos". */
export const CSV_NAMED_COLUMNS = 200;
const PAGE_ROWS = 50;
const MAX_ROWS = 100_000;
const FIXED = ['fecha', 'formulario', 'página', 'spam', 'prueba'];
const LOCKED = '(bloqueado: mejora tu plan)';

/** A cell start a spreadsheet runs as a formula (spaces before it count too), or a tab or CR there. */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;
/** A formula start after `;`, a tab or a line break, where a sheet splitting on `;` starts a cell. */
const FORMULA_AFTER_BREAK = /([;\t\r\n])( *)(?=[=+\-@])/g;

/**
 * One cell (threats #14, ADR 0242): a value that starts a formula, a tab or a CR gets a `'` before
 * it, as does each formula start after `;`, a tab or a line break (Excel in Spanish splits on `;` and
 * reads a quote that does not open a field as text); a cell with `"`, `,`, `;`, a tab or a line
 * break is quoted (RFC 4180). Both regular expressions run in linear time.
 */
export function csvCell(value: string): string {
  const safe = (FORMULA_START.test(value) ? `'${value}` : value).replace(FORMULA_AFTER_BREAK, "$1$2'");
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The exact timestamp as text: a JavaScript Date would cut its microseconds and break the keyset. */
const at = sql<string>`${formSubmissions.createdAt}::text`;
const newestFirst = [desc(formSubmissions.createdAt), desc(formSubmissions.id)];

/**
 * The ids of one page: sorted on narrow rows, so no query reads the fields of rows past its page.
 */
const pageIds = (scope: InboxScope, where: SQL, after: SQL | undefined, limit: number) =>
  scope.db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(after ? and(where, after) : where)
    .orderBy(...newestFirst)
    .limit(limit);

/**
 * Rows newest first, a page at a time by keyset, so each query is short and other requests (and,
 * on PGlite, other queries) run between pages. `read` gets the keyset condition and the page size.
 */
async function* pagesOf<R extends { id: string; at: string }>(
  read: (after: SQL | undefined, limit: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: SQL | undefined;
  for (let done = 0; done < MAX_ROWS; ) {
    // PGlite answers within the same turn of the event loop: without this pause the whole export
    // would run as one chain of promises, and no timer or socket would be served until its end.
    await new Promise((resolve) => setImmediate(resolve));
    const rows = await read(after, Math.min(PAGE_ROWS, MAX_ROWS - done));
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return;
    done += rows.length;
    after = sql`(${formSubmissions.createdAt}, ${formSubmissions.id}) < (${last.at}::timestamptz, ${last.id})`;
  }
}

function lineOf(s: Submission, index: Map<string, number>, others: boolean): string {
  const named: string[] = new Array(index.size).fill(s.locked ? LOCKED : '');
  const rest: FormField[] = [];
  for (const f of s.fields) {
    const at = index.get(f.name);
    if (at === undefined) rest.push(f);
    else named[at] = named[at] ? `${named[at]}, ${f.value}` : f.value;
  }
  const cells = [s.createdAt, s.formName, s.page, s.spam ? 'sí' : 'no', s.test ? 'sí' : 'no', ...named];
  if (others) cells.push(rest.map((f) => `${f.name}: ${f.value}`).join('\n'));
  return cells.map(csvCell).join(',');
}

/**
 * The folder as CSV, UTF-8 with a BOM so spreadsheets read accents: one column per field name (the
 * first CSV_NAMED_COLUMNS, newest first), pieces of at most PAGE_ROWS rows read by keyset.
 */
export async function* submissionsCsv(scope: InboxScope, folder: 'inbox' | 'spam' | 'all', q?: string): AsyncGenerator<string> {
  const filter = filterOf(scope.spaceId, folder, q);
  const allowance = formAllowanceOf(scope.ownerPlan);
  const readable = sql`(${formSubmissions.seq} is null or ${formSubmissions.seq} <= ${allowance})`;
  // First pass: the field names, newest row first, each row's in its order (only the names are read).
  const seen = new Set<string>();
  // Each column is headed by what the page called the field when a submission says so (issue 43).
  const titles = new Map<string, string>();
  const names = sql<string[]>`jsonb_path_query_array(${formSubmissions.fields}, '$[*].name')`;
  // The same filter on both sides keeps the two arrays in step; values are never read here.
  const labelled = sql<string[]>`jsonb_path_query_array(${formSubmissions.fields}, '$[*] ? (exists(@.label)).name')`;
  const labels = sql<string[]>`jsonb_path_query_array(${formSubmissions.fields}, '$[*] ? (exists(@.label)).label')`;
  const namesWhere = and(filter, readable) as SQL;
  const namePages = pagesOf((after, limit) =>
    scope.db
      .select({ id: formSubmissions.id, at, names, labelled, labels })
      .from(formSubmissions)
      .where(inArray(formSubmissions.id, pageIds(scope, namesWhere, after, limit)))
      .orderBy(...newestFirst),
  );
  for await (const rows of namePages) {
    for (const row of rows) {
      for (const name of row.names) seen.add(name);
      row.labelled.forEach((name, i) => {
        const label = row.labels[i];
        if (label && !titles.has(name)) titles.set(name, label);
      });
    }
  }
  const all = [...seen];
  const others = all.length > CSV_NAMED_COLUMNS;
  const named = all.slice(0, CSV_NAMED_COLUMNS);
  const index = new Map(named.map((name, i) => [name, i]));
  const headers = named.map((name) => titles.get(name) ?? name);
  yield `\uFEFF${[...FIXED, ...headers, ...(others ? ['otros campos'] : [])].map(csvCell).join(',')}\r\n`;
  const rowPages = pagesOf((after, limit) =>
    scope.db
      .select({ ...columns, at })
      .from(formSubmissions)
      .where(inArray(formSubmissions.id, pageIds(scope, filter, after, limit)))
      .orderBy(...newestFirst),
  );
  for await (const rows of rowPages) {
    let piece = '';
    for (const row of rows) piece += `${lineOf(toSubmission(row, scope.ownerPlan), index, others)}\r\n`;
    yield piece;
  }
}
