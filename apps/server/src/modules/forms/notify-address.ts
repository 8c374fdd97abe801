import { HOUR_MS } from '@div/shared/constants';
import { FORM_LIMITS, type NotifyEmailStatus } from '@div/shared/forms';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { formSettings } from '../../db/schema/forms';
import { spaces } from '../../db/schema/spaces';
import { users } from '../../db/schema/users';
import { hashToken, newToken } from '../../lib/tokens';
import { mailProviderOf } from '../../providers/mail/create';

/**
 * A form's notice address that is not the owner's own account email is confirmed by a link mailed
 * to it before any notice goes there (issue 36 item 7, ADR 0249). The token is single-use, stored
 * only as its SHA-256, and works for FORM_LIMITS.confirmationHours.
 */

export const CONFIRM_PATH = '/api/forms/confirm-email';

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The status the owner sees for the space's settings row. */
export function notifyEmailStatusOf(row: {
  notifyEmail: string | null;
  notifyEmailVerifiedAt: Date | null;
  ownerEmail: string;
}): NotifyEmailStatus {
  if (!row.notifyEmail) return 'account';
  return row.notifyEmailVerifiedAt || sameAddress(row.notifyEmail, row.ownerEmail) ? 'confirmed' : 'pending';
}

/** True when `email` is a new address that will need a confirmation mail (not the current one, not the owner's). */
export function needsConfirmation(email: string | null, current: string | null, ownerEmail: string): boolean {
  return !!email && !sameAddress(email, current) && !sameAddress(email, ownerEmail);
}

/**
 * What to store when the owner sets the address: the owner's own email is confirmed at once; a third
 * party's is pending (the caller mails `token`); none clears it all. Same address: nothing changes.
 */
export function notifyAddressChange(email: string | null, current: string | null, ownerEmail: string) {
  if (sameAddress(email, current)) return { set: {}, token: null };
  if (!email || sameAddress(email, ownerEmail)) {
    return {
      set: {
        notifyEmail: email,
        notifyEmailVerifiedAt: email ? new Date() : null,
        notifyEmailTokenHash: null,
        notifyEmailTokenExpiresAt: null,
      },
      token: null,
    };
  }
  const token = newToken();
  return { set: { notifyEmail: email, notifyEmailVerifiedAt: null, ...pendingToken(token) }, token };
}

const pendingToken = (token: string) => ({
  notifyEmailTokenHash: hashToken(token),
  notifyEmailTokenExpiresAt: new Date(Date.now() + FORM_LIMITS.confirmationHours * HOUR_MS),
});

/** A fresh link for a still-pending address (the earlier one stops working); null if none is pending. */
export async function renewConfirmation(db: Database, spaceId: string): Promise<{ token: string; to: string } | null> {
  const token = newToken();
  const [row] = await db
    .select({ notifyEmail: formSettings.notifyEmail, verifiedAt: formSettings.notifyEmailVerifiedAt, ownerEmail: users.email })
    .from(formSettings)
    .innerJoin(spaces, eq(spaces.id, formSettings.spaceId))
    .innerJoin(users, eq(users.id, spaces.ownerId))
    .where(eq(formSettings.spaceId, spaceId))
    .limit(1);
  if (!row?.notifyEmail || notifyEmailStatusOf({ ...row, notifyEmailVerifiedAt: row.verifiedAt }) !== 'pending') return null;
  await db.update(formSettings).set(pendingToken(token)).where(eq(formSettings.spaceId, spaceId));
  return { token, to: row.notifyEmail };
}

/** Mails the confirmation link. No owner-chosen text goes in it: it reaches someone who did not ask. */
export async function mailConfirmation(ctx: AppContext, to: string, token: string): Promise<void> {
  const link = `${ctx.config.publicUrl}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
  await mailProviderOf(ctx).send({
    to,
    subject: 'Confirma esta dirección para recibir avisos de formularios de DIV',
    text: `Una cuenta de DIV quiere enviar a esta dirección los avisos de los formularios de su sitio web.\n\nSi quieres recibirlos, abre este enlace (vale ${FORM_LIMITS.confirmationHours} horas):\n${link}\n\nSi no lo esperabas, ignora este correo: no te enviaremos nada más.\n`,
  });
}

type Outcome = 'confirmed' | 'expired' | 'invalid';

/** Spends a token: marks its address confirmed. Wrong, used or replaced tokens are 'invalid'. */
export async function confirmNotifyEmail(db: Database, token: string): Promise<Outcome> {
  if (!token || token.length > 100) return 'invalid';
  const hash = hashToken(token);
  const [row] = await db
    .select({ spaceId: formSettings.spaceId, expiresAt: formSettings.notifyEmailTokenExpiresAt })
    .from(formSettings)
    .where(eq(formSettings.notifyEmailTokenHash, hash))
    .limit(1);
  if (!row) return 'invalid';
  if (!row.expiresAt || row.expiresAt.getTime() <= Date.now()) return 'expired';
  const spent = await db
    .update(formSettings)
    .set({ notifyEmailVerifiedAt: new Date(), notifyEmailTokenHash: null, notifyEmailTokenExpiresAt: null })
    .where(and(eq(formSettings.spaceId, row.spaceId), eq(formSettings.notifyEmailTokenHash, hash)))
    .returning({ spaceId: formSettings.spaceId });
  return spent.length > 0 ? 'confirmed' : 'invalid';
}

const PAGES: Record<Outcome, { status: number; title: string; text: string }> = {
  confirmed: {
    status: 200,
    title: 'Dirección confirmada',
    text: 'Listo: a partir de ahora recibirás en esta dirección los avisos de los formularios de ese sitio. Puedes cerrar esta página.',
  },
  expired: {
    status: 410,
    title: 'El enlace ha caducado',
    text: 'Este enlace de confirmación ya no vale. Pide a quien gestiona el sitio que envíe otro desde DIV.',
  },
  invalid: {
    status: 404,
    title: 'Enlace no válido',
    text: 'Este enlace de confirmación no es válido o ya se usó. Si la dirección ya estaba confirmada, no tienes que hacer nada más.',
  },
};

/** The link's page: plain HTML in Spanish, no script, nothing cached. */
export function registerConfirmRoute(app: FastifyInstance, ctx: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      CONFIRM_PATH.replace(/^\/api/, ''),
      { schema: { querystring: z.object({ token: z.string().max(200).optional() }).passthrough() } },
      async (request, reply) => {
        const page = PAGES[await confirmNotifyEmail(ctx.db, request.query.token ?? '')];
        // The link is opened in a browser (a page); a program asking for anything else gets the
        // API's shape, a `message` (the fuzz of every route holds every 4xx to it).
        if (!(request.headers.accept ?? '').includes('text/html')) {
          return reply
            .status(page.status)
            .header('cache-control', 'no-store')
            .send(page.status < 400 ? { ok: true, message: page.text } : { message: page.text, code: 'CONFIRMATION' });
        }
        return reply
          .status(page.status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
          .send(
            `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${page.title} · DIV</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;color:#1f2937;background:#fff;line-height:1.6}h1{font-size:1.75rem}</style></head>
<body><main><h1>${page.title}</h1><p>${page.text}</p></main></body></html>`,
          );
      },
    );
}
