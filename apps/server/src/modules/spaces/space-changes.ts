import type { SpaceSummary } from '@div/shared/spaces';
import { sql } from 'drizzle-orm';
import { type Database, databaseErrorCode, oncePerDatabase, rowsOf } from '../../db/client';
import { createBatchLoader } from '../../lib/batch';
import { hashToken } from '../../lib/tokens';
import { sessionUserId } from '../auth/sessions';
import { parseName, type SummaryRow, toSummary } from './service';

/**
 * Renames a space or changes its visibility in a statement that also checks the session owns it
 * (no lookup first, ADR 0138). Changes that arrive together share one statement, one transaction
 * and one round trip (ADR 0139). Undefined when nothing matched: no such space, not the session's,
 * or no valid session; the caller tells these apart.
 */
export async function updateSpace(opts: {
  db: Database;
  sessionToken: string;
  spaceId: string;
  name?: string | undefined;
  public?: boolean | undefined;
  allowRemix?: boolean | undefined;
}): Promise<SpaceSummary | undefined> {
  const row = await spaceChanges(opts.db).load({
    spaceId: opts.spaceId,
    tokenHash: hashToken(opts.sessionToken),
    name: opts.name === undefined ? null : parseName(opts.name),
    isPublic: opts.public ?? null,
    allowRemix: opts.allowRemix ?? null,
  });
  if (row instanceof ChangeFailed) throw row.error;
  return row && toSummary(row);
}

/** One change's own failure, when its batch had to be run change by change. */
class ChangeFailed {
  constructor(readonly error: unknown) {}
}

interface SpaceChange {
  spaceId: string;
  tokenHash: string;
  name: string | null;
  isPublic: boolean | null;
  allowRemix: boolean | null;
}

/**
 * Batches of changes go one at a time per instance: two batches in flight could lock the same rows
 * (spaces, then their owners' stamps) in opposite orders. Each change is its own key, never merged
 * with another.
 */
const spaceChanges = oncePerDatabase((db) =>
  createBatchLoader<SpaceChange, SummaryRow | ChangeFailed>((changes) => applyEachAnswered(db, changes), { oneAtATime: true }),
);

/**
 * Applies a batch; when its statement fails, applies its changes one by one, so a change that cannot
 * be applied fails alone and every other caller gets its own answer (issue 19, ADR 0155).
 */
async function applyEachAnswered(db: Database, changes: SpaceChange[]): Promise<Map<SpaceChange, SummaryRow | ChangeFailed>> {
  try {
    return await applySpaceChanges(db, changes);
  } catch (error) {
    if (changes.length === 1) throw error;
    const answers = new Map<SpaceChange, SummaryRow | ChangeFailed>();
    for (const change of changes) {
      try {
        for (const [key, row] of await applySpaceChanges(db, [change])) answers.set(key, row);
      } catch (own) {
        answers.set(change, new ChangeFailed(own));
      }
    }
    return answers;
  }
}

/** PostgreSQL's code for a transaction it aborted to break a deadlock. */
const DEADLOCK = '40P01';

/**
 * One statement for a batch of changes: each change whose session owns its space is applied (a
 * space changed several times takes them in the order they came: the last name and the last
 * visibility given win), and each change answers the space as it stood after it.
 */
async function applySpaceChanges(db: Database, changes: SpaceChange[]): Promise<Map<SpaceChange, SummaryRow>> {
  const now = sql`${new Date().toISOString()}::timestamptz`;
  // Each column goes as one array parameter.
  const column = <T>(pick: (change: SpaceChange) => T) => sql.param(changes.map(pick));
  const statement = sql`
    with change as (
      select * from unnest(${column((c) => c.spaceId)}::text[], ${column((c) => c.tokenHash)}::text[],
        ${column((c) => c.name)}::text[], ${column((c) => c.isPublic)}::boolean[], ${column((c) => c.allowRemix)}::boolean[])
        with ordinality as c(space_id, token_hash, name, is_public, allow_remix, ord)
    ),
    allowed as (
      select c.ord, c.space_id, c.name, c.is_public, c.allow_remix, s.name as old_name, s.is_public as old_public,
        s.allow_remix as old_allow_remix
      from change c join spaces s on s.id = c.space_id
      where s.owner_id = ${sessionUserId(sql`c.token_hash`, now)}
    ),
    merged as (
      select space_id,
        (array_agg(name order by ord desc) filter (where name is not null))[1] as name,
        (array_agg(is_public order by ord desc) filter (where is_public is not null))[1] as is_public,
        (array_agg(allow_remix order by ord desc) filter (where allow_remix is not null))[1] as allow_remix
      from allowed group by space_id
    ),
    updated as (
      update spaces s set name = coalesce(m.name, s.name), is_public = coalesce(m.is_public, s.is_public),
        allow_remix = coalesce(m.allow_remix, s.allow_remix), updated_at = ${now}
      from merged m where s.id = m.space_id
      returning s.id, s.description, s.revision, s.created_at, s.updated_at, s.remix_count, s.remixed_from_id,
        s.remixed_from_name
    ),
    after_each as (
      select ord, space_id, old_name, old_public, old_allow_remix,
        array_agg(name) filter (where name is not null) over upto as names,
        array_agg(is_public) filter (where is_public is not null) over upto as publics,
        array_agg(allow_remix) filter (where allow_remix is not null) over upto as remixables
      from allowed window upto as (partition by space_id order by ord)
    )
    select e.ord, u.id, coalesce(e.names[cardinality(e.names)], e.old_name) as name, u.description,
      coalesce(e.publics[cardinality(e.publics)], e.old_public) as "isPublic",
      coalesce(e.remixables[cardinality(e.remixables)], e.old_allow_remix) as "allowRemix",
      u.remix_count as "remixCount", u.remixed_from_id as "remixedFromId", u.remixed_from_name as "remixedFromName",
      u.revision, u.created_at as "createdAt", u.updated_at as "updatedAt"
    from after_each e join updated u on u.id = e.space_id`;
  // Instances batch apart, so two of them can still deadlock; PostgreSQL aborts one, which retries.
  for (let attempt = 1; ; attempt++) {
    try {
      const rows = await rowsOf<SummaryRow & { ord: number | string }>(db, statement);
      return new Map(
        rows.flatMap((row) => {
          const change = changes[Number(row.ord) - 1];
          return change ? [[change, { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) }]] : [];
        }),
      );
    } catch (error) {
      if (attempt >= 3 || databaseErrorCode(error) !== DEADLOCK) throw error;
    }
  }
}
