import { type FormField, formAllowanceOf } from '@div/shared/forms';
import { eq, sql } from 'drizzle-orm';
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

/**
 * Stores one submission and what must be delivered for it, in one transaction: spam and tests are
 * stored apart and notify no one; the rest count against the owner's monthly allowance (one
 * conditional upsert) and, within it, queue the space's email and webhook notices. Past the
 * allowance the submission is still stored (locked) and the owner gets one notice to upgrade.
 * Returns undefined when the space no longer exists.
 */
export async function storeSubmission(
  ctx: AppContext,
  input: { spaceId: string; formName: string; page: string; fields: FormField[]; spamReason: string | null; test: boolean },
): Promise<{ id: string; queued: boolean } | undefined> {
  const counted = input.spamReason === null && !input.test;
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
