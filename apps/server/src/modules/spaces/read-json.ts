import { createHash } from 'node:crypto';
import type { FileInput } from '@div/shared/spaces';
import { MESSAGES, SPACES_PAGE_SIZE } from '@div/shared/spaces';
import { eq, sql } from 'drizzle-orm';
import { oncePerDatabase } from '../../db/client';
import { spaceFiles, spaces } from '../../db/schema/spaces';
import { badRequest, notFound } from '../../lib/errors';
import { membershipOf, roleIn } from '../../lib/space-access';
import type { FilesJsonCache } from './files-cache';
import { type Executor, sortForEditor, toSpaceFile } from './service';

/*
 * The two hot reads (the projects list and opening a space) answer JSON that PostgreSQL builds
 * itself: one row of text instead of many rows turned into Dates and objects and serialized again.
 * The shapes are spaceSummarySchema and versionSchema of @div/shared/spaces; the tests parse these
 * answers with those schemas.
 */

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const summaryFields = sql`'id', s.id, 'name', s.name, 'description', s.description,
  'createdAt', ${iso('s.created_at')}, 'updatedAt', ${iso('s.updated_at')},
  'public', s.is_public, 'allowRemix', s.allow_remix, 'remixCount', s.remix_count,
  'remixedFrom', case when s.remixed_from_name is null then null
    else json_build_object('id', s.remixed_from_id, 'name', s.remixed_from_name) end,
  'revision', s.revision`;

export const summaryJson = sql`json_build_object(${summaryFields})`;

/**
 * Where the space of row `p` is published (publishedSiteSchema), or null: its live deployment, at
 * its default active custom domain or else at `{slug}.{SITES_DOMAIN}` (ADR 0187). The domain and
 * the two URL schemes come from the configuration as parameters.
 */
const publishedJson = sql`(select json_build_object(
    'address', coalesce(cd.hostname, st.slug || '.' || ${sql.placeholder('sitesDomain')}::text),
    'url', case when cd.hostname is null
      then ${sql.placeholder('siteScheme')}::text || '//' || st.slug || '.' || ${sql.placeholder('sitesDomain')}::text || '/'
      else ${sql.placeholder('domainScheme')}::text || '//' || cd.hostname || '/' end,
    'at', ${iso('d.created_at')})
  from sites st
  join deployments d on d.id = st.live_deployment_id
  left join custom_domains cd on cd.space_id = st.space_id and cd.status = 'active' and cd.is_default
  where st.space_id = p.id
  limit 1)`;

/** What the URLs of published sites are made of (hosting/hosts.ts), as the list query's parameters. */
export interface SiteAddressing {
  sitesDomain: string;
  siteScheme: string;
  domainScheme: string;
}

/** A person as JSON (`personSchema`), from a users row aliased `alias`, or null. */
const personJson = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'picture', ${alias}.picture) end`,
  );

/**
 * Both hot queries are prepared once per database: PostgreSQL parses and plans them once per
 * connection instead of on every request.
 */
function buildPrepared(db: Executor) {
  const userId = sql.placeholder('userId');
  const limit = sql.placeholder('limit');
  return {
    // One page by keyset (created_at, id), newest first: `limit` + 1 rows are read so the answer
    // knows whether another page follows; `last` is the page's last row as a cursor.
    list: db
      .select({
        spaces: sql<string>`coalesce(json_agg(json_build_object(${summaryFields}, 'published', s.published)
          order by s.created_at desc, s.id desc) filter (where s.n <= ${limit}), '[]')::text`,
        last: sql<string | null>`max(s.cursor) filter (where s.n = ${limit})`,
        more: sql<boolean>`count(*) > ${limit}`,
        total: sql<number>`(select count(*)::int from spaces t where t.owner_id = ${userId})`,
      })
      .from(
        sql`(select p.*, row_number() over (order by p.created_at desc, p.id desc) as n, ${publishedJson} as published,
          to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || p.id as cursor
          from spaces p
          where p.owner_id = ${userId}
            and (${sql.placeholder('afterAt')}::timestamptz is null
              or (p.created_at, p.id) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::text))
          order by p.created_at desc, p.id desc
          limit ${limit}::int + 1) s`,
      )
      .prepare('spaces_list_json'),
    detail: db
      .select({
        space: sql<string>`${summaryJson}::text`,
        revision: sql<number>`s.revision`,
        versions: sql<string>`(select coalesce(json_agg(json_build_object(
            'id', v.id, 'prompt', v.prompt, 'source', v.source, 'revision', v.revision,
            'createdAt', ${iso('v.created_at')}, 'author', ${personJson('a')},
            'restoredFrom', case when v.restored_from_at is null then null
              else json_build_object('versionId', v.restored_from_id, 'createdAt', ${iso('v.restored_from_at')}) end)
            order by v.revision desc), '[]')::text
            from space_versions v left join users a on a.id = v.author_id where v.space_id = s.id)`,
        // What this person may do here (lib/space-access.ts decides the role), and whose space it is.
        role: sql<string>`${roleIn(userId)}`,
        access: sql<string>`json_build_object('role', ${roleIn(userId)},
            'owner', json_build_object('id', o.id, 'name', o.name, 'picture', o.picture, 'plan', o.plan),
            'members', (select count(*) from space_members mm where mm.space_id = s.id))::text`,
      })
      .from(sql`spaces s`)
      .innerJoin(sql`users o`, sql`o.id = s.owner_id`)
      .leftJoin(sql`space_members m`, membershipOf(userId))
      .where(sql`s.id = ${sql.placeholder('spaceId')} and ${roleIn(userId)} is not null`)
      .prepare('spaces_detail_json'),
  };
}
const preparedFor = oncePerDatabase(buildPrepared);

/**
 * A page cursor is the last row's (created_at to the microsecond, id), opaque to clients. A cursor
 * that does not decode to that shape is refused (400), never read as "from the start".
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([\w-]{1,100})$/;

function decodeCursor(cursor: string | undefined): { afterAt: string | null; afterId: string | null } {
  if (cursor === undefined) return { afterAt: null, afterId: null };
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2] || Number.isNaN(Date.parse(match[1]))) throw badRequest(MESSAGES.badCursor);
  return { afterAt: match[1], afterId: match[2] };
}

/** GET /api/spaces (and /v1/spaces) as JSON text: one page of the user's spaces, newest first. */
export async function listSpacesJson(opts: {
  db: Executor;
  userId: string;
  sites: SiteAddressing;
  limit?: number;
  cursor?: string;
}): Promise<string> {
  const limit = opts.limit ?? SPACES_PAGE_SIZE;
  const [row] = await preparedFor(opts.db).list.execute({
    userId: opts.userId,
    limit,
    ...opts.sites,
    ...decodeCursor(opts.cursor),
  });
  const next = row?.more && row.last ? JSON.stringify(Buffer.from(row.last, 'utf8').toString('base64url')) : 'null';
  return `{"spaces":${row?.spaces ?? '[]'},"nextCursor":${next},"total":${Number(row?.total ?? 0)}}`;
}

/** The small part of GET /api/spaces/{id}: enough to name the answer (its ETag) without its files. */
export interface SpaceDetailHead {
  etag: string;
  space: string;
  versions: string;
  revision: number;
  /** The reader's role: every reader with the same role gets the same answer. */
  role: string;
  access: string;
}

/** Checks the reader's role and reads the summary, the versions and the revision (one query). */
export async function getSpaceDetailHead(opts: { db: Executor; userId: string; spaceId: string }): Promise<SpaceDetailHead> {
  const [row] = await preparedFor(opts.db).detail.execute({ spaceId: opts.spaceId, userId: opts.userId });
  if (!row) throw notFound(MESSAGES.notFound);
  const space = String(row.space);
  const versions = String(row.versions);
  const revision = Number(row.revision);
  const access = String(row.access);
  return { etag: etagOf(space, versions, revision, access), space, versions, revision, role: String(row.role), access };
}

/**
 * GET /api/spaces/{id} as UTF-8 JSON, for a head read just before. The serialized files are reused
 * from `cache` while the revision is unchanged, so opening a space with megabytes of files costs the
 * head's query and a copy of bytes.
 */
export async function getSpaceDetailBody(
  head: SpaceDetailHead,
  opts: { db: Executor; userId: string; spaceId: string; cache?: FilesJsonCache },
): Promise<Buffer> {
  let { revision, space } = head;
  let filesJson = opts.cache?.get(opts.spaceId, revision);
  if (filesJson === undefined) {
    // Files and revision from one statement (one snapshot), so the cache never pairs them wrongly.
    const rows = await opts.db
      .select({ revision: spaces.revision, path: spaceFiles.path, content: spaceFiles.content })
      .from(spaces)
      .leftJoin(spaceFiles, eq(spaceFiles.spaceId, spaces.id))
      .where(eq(spaces.id, opts.spaceId));
    if (!rows[0]) throw notFound(MESSAGES.notFound);
    if (rows[0].revision !== revision) {
      revision = rows[0].revision;
      space = JSON.stringify({ ...JSON.parse(space), revision });
    }
    const files: FileInput[] = [];
    for (const r of rows) if (r.path !== null && r.content !== null) files.push({ path: r.path, content: r.content });
    filesJson = Buffer.from(JSON.stringify(sortForEditor(files).map(toSpaceFile)), 'utf8');
    opts.cache?.set(opts.spaceId, revision, filesJson);
  }
  // Buffers: the megabytes of files are copied once, never re-encoded per request.
  return Buffer.concat([
    Buffer.from(`{"space":${space},"files":`, 'utf8'),
    filesJson,
    Buffer.from(`,"versions":${head.versions},"revision":${revision},"access":${head.access}}`, 'utf8'),
  ]);
}

/**
 * The detail changes exactly when the summary (name, public, updatedAt, revision), the versions or
 * the files (always with a revision bump) change, so hashing the small parts identifies the whole.
 */
function etagOf(space: string, versions: string, revision: number, access: string): string {
  return `"${createHash('sha1').update(space).update(versions).update(String(revision)).update(access).digest('base64url')}"`;
}
