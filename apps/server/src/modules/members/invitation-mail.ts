import { INVITATION_TTL_DAYS, type InvitationLocale, type MemberRole } from '@div/shared/members';
import type { AppContext } from '../../context';
import { mailProviderOf } from '../../providers/mail/create';

/**
 * The invitation email (issue 25, ADR 0214), in the inviter's language. Sent through the mail
 * provider (ADR 0190): with SMTP it reaches the invitee and the answer says `emailed: true`; with the
 * local outbox it is only kept as an .eml file, so the person must copy the link (`emailed: false`).
 */
export interface InvitationMail {
  to: string;
  inviter: string;
  spaceName: string;
  role: MemberRole;
  link: string;
  locale: InvitationLocale;
}

const COPY = {
  es: {
    subject: (m: InvitationMail) => `${m.inviter} te invita a «${m.spaceName}» en DIV`,
    role: { editor: 'editor (puedes editar, generar y publicar)', viewer: 'lector (puedes verlo)' },
    intro: (m: InvitationMail, role: string) => `${m.inviter} te invita a su proyecto «${m.spaceName}» en DIV como ${role}.`,
    action: 'Aceptar la invitación',
    how: `Abre el enlace e inicia sesión con esta dirección de correo. El enlace caduca en ${INVITATION_TTL_DAYS} días.`,
    ignore: 'Si no esperabas esta invitación, puedes ignorar este correo.',
  },
  en: {
    subject: (m: InvitationMail) => `${m.inviter} invited you to “${m.spaceName}” on DIV`,
    role: { editor: 'an editor (you can edit, generate and publish)', viewer: 'a viewer (you can look at it)' },
    intro: (m: InvitationMail, role: string) => `${m.inviter} invited you to their project “${m.spaceName}” on DIV as ${role}.`,
    action: 'Accept the invitation',
    how: `Open the link and sign in with this email address. The link expires in ${INVITATION_TTL_DAYS} days.`,
    ignore: 'If you did not expect this invitation, you can ignore this email.',
  },
} as const;

const escapeHtml = (v: string) =>
  v.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function invitationMessage(mail: InvitationMail) {
  const copy = COPY[mail.locale];
  const intro = copy.intro(mail, copy.role[mail.role]);
  return {
    to: mail.to,
    subject: copy.subject(mail),
    text: `${intro}\n\n${copy.action}: ${mail.link}\n\n${copy.how}\n${copy.ignore}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(copy.action)}</a></p>` +
      `<p>${escapeHtml(copy.how)}<br>${escapeHtml(copy.ignore)}</p>`,
  };
}

/**
 * Sends the invitation; true only when an SMTP server took it. A refused or unreachable server is
 * logged and answered as not emailed: the invitation stands and its link can still be copied.
 */
export async function sendInvitation(ctx: AppContext, mail: InvitationMail): Promise<boolean> {
  const provider = mailProviderOf(ctx);
  try {
    await provider.send(invitationMessage(mail));
    return provider.kind === 'smtp';
  } catch (error) {
    ctx.log.warn({ err: error, kind: provider.kind }, 'invitation email not sent');
    return false;
  }
}

/** The inviter's language: the one the app shows them (sent by the web), else their browser's. */
export function invitationLocale(chosen: InvitationLocale | undefined, acceptLanguage: string | undefined): InvitationLocale {
  if (chosen) return chosen;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'es';
}
