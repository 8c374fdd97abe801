import { FORM_LIMITS, type FormField, formAllowanceOf } from '@div/shared/forms';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { formDeliveries, formSettings, formSubmissions, formUsage } from '../../db/schema/forms';
import { spaces } from '../../db/schema/spaces';
import { users } from '../../db/schema/users';

/** The UTC month a submission counts in, `2026-11`. */
export const periodOf = (date: Date) => date.toISOString().slice(0, 7);

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

/** The visitor's address: a field named like an email holding one, else any field holding one. */
export function visitorEmailOf(fields: FormField[]): string | null {
  const named = fields.find((f) => /e-?mail|correo|courriel/i.test(f.name) && EMAIL.test(f.value.trim()));
  const any = named ?? fields.find((f) => EMAIL.test(f.value.trim()));
  return any ? any.value.trim() : null;
}

/** What a submission costs in the byte bounds: its fields as stored, its page and a row's overhead. */
const bytesOf = (sub: { fields: unknown; page: unknown }) =>
  sql<number>`(octet_length(${sub.fields}::text) + octet_length(${sub.page}) + ${FORM_LIMITS.rowBytes})`.mapWith(Number);

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/**
 * Room for one more submission of `bytes` (ADR 0241). Spam: the oldest spam of the site is deleted
 * until the folder holds it within FORMS_SPAM_BYTES_PER_SITE (false only for a spam larger than the
 * whole folder). Otherwise: false when the site's submissions of this UTC day would pass
 * FORMS_BYTES_PER_SITE_PER_DAY. Runs under the site's lock, so concurrent posts cannot both fit.
 */
async function makeRoom(ctx: AppContext, tx: Tx, spaceId: string, spam: boolean, bytes: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`div-forms:${spaceId}`}))`);
  const size = bytesOf({ fields: formSubmissions.fields, page: formSubmissions.page });
  if (!spam) {
    const dayStart = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const [today] = await tx
      .select({ bytes: sql<number>`coalesce(sum(${size}), 0)`.mapWith(Number) })
      .from(formSubmissions)
      .where(
        and(eq(formSubmissions.spaceId, spaceId), eq(formSubmissions.spam, false), gte(formSubmissions.createdAt, dayStart)),
      );
    return (today?.bytes ?? 0) + bytes <= ctx.config.FORMS_BYTES_PER_SITE_PER_DAY;
  }
  const limit = ctx.config.FORMS_SPAM_BYTES_PER_SITE;
  if (bytes > limit) return false;
  // The folder is bounded, so this reads at most limit / rowBytes rows.
  const folder = await tx
    .select({ id: formSubmissions.id, bytes: size })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.spaceId, spaceId), eq(formSubmissions.spam, true)))
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id));
  let kept = bytes;
  const evicted: string[] = [];
  for (const row of folder) {
    if (evicted.length === 0 && kept + row.bytes <= limit) kept += row.bytes;
    else evicted.push(row.id);
  }
  if (evicted.length > 0) await tx.delete(formSubmissions).where(inArray(formSubmissions.id, evicted));
  return true;
}

/**
 * Stores one submission and what must be delivered for it, in one transaction: spam and tests are
 * stored apart and notify no one; the rest count against the owner's monthly allowance (one
 * conditional upsert) and, within it, queue the space's email and webhook notices. Past the
 * allowance the submission is still stored (locked) and the owner gets one notice to upgrade.
 * Spam lives in a bounded folder; past the site's bytes of the day nothing is stored or counted
 * (`full`). Returns undefined when the space no longer exists.
 */
export async function storeSubmission(
  ctx: AppContext,
  input: { spaceId: string; formName: string; page: string; fields: FormField[]; spamReason: string | null; test: boolean },
): Promise<{ id: string; queued: boolean } | { full: true } | undefined> {
  const counted = input.spamReason === null && !input.test;
  const bytes = Buffer.byteLength(JSON.stringify(input.fields)) + Buffer.byteLength(input.page) + FORM_LIMITS.rowBytes;
  return ctx.db.transaction(async (tx) => {
    const [space] = await tx
      .select({
        ownerId: spaces.ownerId,
        plan: users.plan,
        notify: formSettings.notify,
        webhookUrl: formSettings.webhookUrl,
      })
      .from(spaces)
      .innerJoin(users, eq(users.id, spaces.ownerId))
      .leftJoin(formSettings, eq(formSettings.spaceId, spaces.id))
      .where(eq(spaces.id, input.spaceId))
      .limit(1);
    if (!space) return undefined;
    if (!(await makeRoom(ctx, tx, input.spaceId, input.spamReason !== null, bytes))) return { full: true } as const;
    let period: string | null = null;
    let seq: number | null = null;
    if (counted) {
      period = periodOf(new Date());
      const [usage] = await tx
        .insert(formUsage)
        .values({ ownerId: space.ownerId, period, used: 1 })
        .onConflictDoUpdate({ target: [formUsage.ownerId, formUsage.period], set: { used: sql`${formUsage.used} + 1` } })
        .returning({ used: formUsage.used });
      seq = usage?.used ?? null;
    }
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        spaceId: input.spaceId,
        formName: input.formName,
        page: input.page,
        fields: input.fields,
        email: visitorEmailOf(input.fields),
        spam: input.spamReason !== null,
        spamReason: input.spamReason,
        test: input.test,
        period,
        seq,
      })
      .returning({ id: formSubmissions.id });
    if (!row) throw new Error('submission not stored');
    const kinds: string[] = [];
    if (counted && seq !== null) {
      const allowance = formAllowanceOf(space.plan);
      if (seq <= allowance) {
        if ((space.notify ?? 'each') === 'each') kinds.push('email');
        if (space.webhookUrl) kinds.push('webhook');
      } else if (seq === allowance + 1) {
        kinds.push('locked-email');
      }
    }
    if (kinds.length > 0) {
      await tx.insert(formDeliveries).values(kinds.map((kind) => ({ spaceId: input.spaceId, submissionId: row.id, kind })));
    }
    return { id: row.id, queued: kinds.length > 0 };
  });
}
