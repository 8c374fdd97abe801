import { defaultStarterFiles, SPACE_DESCRIPTION, type SpaceSummary } from '@div/shared/spaces';
import { spaces } from '../../db/schema/spaces';
import { type Executor, findSpace, parseName } from './service';
import { appendVersion } from './versions';

/** Creates a space with the starter files and its first version, in one transaction. */
export async function createSpace(opts: { db: Executor; userId: string; name: string }): Promise<SpaceSummary> {
  const name = parseName(opts.name);
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(spaces)
      .values({ ownerId: opts.userId, name, description: SPACE_DESCRIPTION, revision: 0 })
      .returning({ id: spaces.id });
    if (!row) throw new Error('space not created');
    await appendVersion({ tx, spaceId: row.id, files: defaultStarterFiles, prompt: null, source: 'initial' });
    return findSpace({ db: tx, userId: opts.userId, spaceId: row.id });
  });
}
