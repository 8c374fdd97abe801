import {
  PROFILE_EDIT_PROMPT,
  type ProfileEdit,
  type ProfileEditKey,
  type ProfileFactKey,
  type ProfileSaveResponse,
  profileFactKeys,
  profileListKeys,
  type SiteProfile,
  siteProfileSchema,
} from '@div/shared/profile';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { spaceProfiles } from '../../db/schema/profiles';
import { spaces } from '../../db/schema/spaces';
import { AppError, notFound } from '../../lib/errors';
import type { SpaceAccess } from '../../lib/space-access';
import { analysePrompt } from '../../providers/ai/composer/analyse';
import { profileOf } from '../../providers/ai/composer/profile';
import { applyListEdit, type ProfileLists } from '../../providers/ai/composer/profile-lists';
import {
  applyProfileEdit,
  isComposedSite,
  profileAfterFollowUp,
  profileKinds,
  recomposeWithKind,
} from '../../providers/ai/composer/profile-site';
import { listImages } from '../assets/service';
import { type Executor, readFiles, toSpaceFile } from '../spaces/service';
import { appendVersion } from '../spaces/versions';

/*
 * "Lo que entendí" (issue 37, ADR 0254): the site profile kept with the space. Written at the first
 * generation from what the composer read in the brief, brought up to date by follow-ups, corrected
 * in the card (written on the page in place where the composer can do so, as one version that
 * charges no message), and given to a configured model as context. Callers check access first.
 */

export async function readProfile(db: Executor, spaceId: string): Promise<SiteProfile | null> {
  return (await readProfileRow(db, spaceId))?.profile ?? null;
}

/**
 * The profile as first read from the brief, before any correction or follow-up (the card's
 * "restore"): read again from the stored first prompt; null when there is none.
 */
export async function readFirstRead(db: Executor, spaceId: string): Promise<SiteProfile | null> {
  const brief = (await readProfileRow(db, spaceId))?.brief;
  return brief ? siteProfileSchema.parse(profileOf(analysePrompt(brief))) : null;
}

/** The profile and the first brief it was read from. */
async function readProfileRow(db: Executor, spaceId: string): Promise<{ profile: SiteProfile; brief: string | null } | null> {
  const [row] = await db
    .select({ profile: spaceProfiles.profile, brief: spaceProfiles.brief })
    .from(spaceProfiles)
    .where(eq(spaceProfiles.spaceId, spaceId))
    .limit(1);
  // A row written by an older contract reads as no profile rather than as a broken one.
  const parsed = row ? siteProfileSchema.safeParse(row.profile) : null;
  return row && parsed?.success ? { profile: parsed.data, brief: row.brief } : null;
}

/** Upserts the profile; `brief` (the first generation's prompt) is written only when given. */
export async function writeProfile(db: Executor, spaceId: string, profile: SiteProfile, brief?: string): Promise<void> {
  await db
    .insert(spaceProfiles)
    .values({ spaceId, profile, brief: brief ?? null })
    .onConflictDoUpdate({
      target: spaceProfiles.spaceId,
      set: { profile, updatedAt: sql`now()`, ...(brief !== undefined ? { brief } : {}) },
    });
}

type SiteFile = { path: string; content: string };
const hasPage = (files: readonly SiteFile[]) => files.some((f) => /\.html?$/i.test(f.path));

/**
 * The profile after a generation succeeded: read from the brief for a new site (the first
 * generation); for a follow-up, the stored one with the facts the page now shows differently.
 * Null when there is nothing to write (no stored profile, or nothing changed).
 */
export function profileAfterGeneration(opts: {
  prompt: string;
  stored: SiteProfile | null;
  before: readonly SiteFile[];
  after: readonly SiteFile[];
}): { profile: SiteProfile; brief?: string } | null {
  if (!hasPage(opts.before)) {
    return { profile: siteProfileSchema.parse(profileOf(analysePrompt(opts.prompt))), brief: opts.prompt };
  }
  if (!opts.stored) return null;
  const next = profileAfterFollowUp(opts.stored, opts.before, opts.after);
  return next === opts.stored ? null : { profile: siteProfileSchema.parse(next) };
}

/** The profile with the card's corrections; an empty text clears an optional fact. */
function merged(profile: SiteProfile, edit: ProfileEdit, changed: readonly ProfileFactKey[]): SiteProfile {
  const next: Record<string, unknown> = { ...profile };
  for (const key of profileFactKeys) {
    const value = edit[key];
    if (value === '') delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  // A fact the person wrote is no longer a guess; a kind they chose is the template's, not a noun.
  next.uncertain = profile.uncertain.filter((key) => !changed.includes(key));
  if (edit.kind && edit.kind !== profile.kind) delete next.kindNoun;
  return siteProfileSchema.parse(next);
}

/**
 * Applies the card's corrections: the facts the page shows change there in place (one version
 * "Datos corregidos en «Lo que entendí»", no message charged), the rest are stored for the next
 * generation. 404 before the first generation (there is nothing understood to correct yet).
 */
export async function editProfile(opts: {
  ctx: AppContext;
  access: SpaceAccess;
  authorId: string;
  edit: ProfileEdit;
}): Promise<ProfileSaveResponse> {
  const { ctx, access, edit } = opts;
  const spaceId = access.spaceId;
  if (edit.kind && !profileKinds().some((k) => k.id === edit.kind)) {
    throw new AppError('BAD_REQUEST', 'Ese tipo de negocio no está en la lista; elige uno de los que ofrece la ficha.');
  }
  const [row, files, [space]] = await Promise.all([
    readProfileRow(ctx.db, spaceId),
    readFiles(ctx.db, spaceId),
    ctx.db.select({ revision: spaces.revision }).from(spaces).where(eq(spaces.id, spaceId)).limit(1),
  ]);
  if (!space) throw notFound('Proyecto no encontrado');
  if (!row) throw notFound('Este proyecto aún no tiene «Lo que entendí»: genera primero la web describiéndola.');
  const stored = row.profile;
  const changed = profileFactKeys.filter((key) => key in edit && (edit[key] ?? '') !== (stored[key] ?? ''));
  const listsChanged = profileListKeys.filter(
    (key) => edit[key] !== undefined && JSON.stringify(edit[key]) !== JSON.stringify(stored[key]),
  );
  let profile = merged(stored, edit, changed);
  let { changes, applied } = { changes: new Map<string, string>(), applied: [] as ProfileEditKey[] };
  const images = changed.includes('kind') || listsChanged.length ? await listImages(ctx, spaceId) : [];
  const own = images.map((i) => ({ name: i.name, width: i.width, height: i.height, bytes: i.bytes, alt: i.alt }));
  if (changed.includes('kind') && row.brief && isComposedSite(files)) {
    // A new kind: the composer's site is composed again from the first brief, with the corrected facts.
    const recomposed = recomposeWithKind(files, row.brief, profile, changed, own);
    ({ changes, applied } = recomposed);
    profile = siteProfileSchema.parse(recomposed.profile);
  } else ({ changes, applied } = applyProfileEdit(files, stored, edit));
  if (listsChanged.length) {
    // The lists: the sections that show them written again in place when the page still shows them as composed.
    const lists: ProfileLists = {
      items: edit.items ?? profile.items,
      services: edit.services ?? profile.services,
      people: edit.people ?? profile.people,
    };
    const now = files.map((f) => ({ path: f.path, content: changes.get(f.path) ?? f.content }));
    const written = row.brief && isComposedSite(now) ? applyListEdit(now, row.brief, profile, lists, own) : null;
    if (written?.applied) {
      for (const [path, content] of written.changes) changes.set(path, content);
      applied = [...applied, ...listsChanged];
    }
    profile = siteProfileSchema.parse({ ...profile, ...lists });
  }
  const onlyStored = [...changed, ...listsChanged].filter((key) => !applied.includes(key));
  if (changes.size === 0) {
    await writeProfile(ctx.db, spaceId, profile);
    return { profile, applied: [], stored: onlyStored, version: null, revision: space.revision, files: files.map(toSpaceFile) };
  }
  const kept = files.map((f) => ({ path: f.path, content: changes.get(f.path) ?? f.content }));
  const added = [...changes]
    .filter(([path]) => !files.some((f) => f.path === path))
    .map(([path, content]) => ({ path, content }));
  const nextFiles = [...kept, ...added];
  const { version, revision } = await ctx.db.transaction(async (tx) => {
    const appended = await appendVersion({
      tx,
      spaceId,
      userId: access.ownerId,
      files: nextFiles,
      prompt: PROFILE_EDIT_PROMPT,
      source: 'profile',
      authorId: opts.authorId,
      expectedRevision: space.revision,
    });
    await writeProfile(tx, spaceId, profile);
    return appended;
  });
  return { profile, applied, stored: onlyStored, version, revision, files: nextFiles.map(toSpaceFile) };
}
