import { assemblePreview } from '@div/site-engine/assemble';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { spaces } from '../../db/schema/spaces';
import { readFiles } from './service';

/** One place remixable content can come from: the assembled HTML for an id, or undefined. */
export type RemixSource = (opts: { db: Database; id: string }) => Promise<string | undefined>;

/** A space its owner marked public. */
export const publicSpaceSource: RemixSource = async ({ db, id }) => {
  const [row] = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, id), eq(spaces.isPublic, true)))
    .limit(1);
  if (!row) return undefined;
  return assemblePreview(await readFiles(db, row.id));
};

/**
 * Where GET /api/remix/{id} looks, in order. The publishing issue adds its published-deployment
 * lookup in front of the public-space one (one line here).
 */
export const remixSources: readonly RemixSource[] = [publicSpaceSource];

export async function findRemixHtml(opts: {
  db: Database;
  id: string;
  sources?: readonly RemixSource[];
}): Promise<string | undefined> {
  for (const source of opts.sources ?? remixSources) {
    const html = await source(opts);
    if (html !== undefined) return html;
  }
  return undefined;
}
