import { z } from 'zod';
import { memberRoles } from './plan-access';
import { personSchema, spaceListItemSchema } from './spaces';

export { type Collaboration, collaborationOf, memberRoles } from './plan-access';

/**
 * Members of a space and their invitations (issue 25, ADR 0211). The owner invites people by email
 * as editors (edit, generate, restore, deploy) or viewers (read only); members need no plan of
 * their own. Which plans may invite whom is `collaborationOf`.
 */

export const memberRoleSchema = z.enum(memberRoles);
export type MemberRole = z.infer<typeof memberRoleSchema>;
export const spaceRoles = ['owner', 'editor', 'viewer'] as const;
export type SpaceRole = (typeof spaceRoles)[number];

/** Whether `role` grants at least what `needed` does (owner > editor > viewer). */
export function roleAllows(role: SpaceRole, needed: SpaceRole): boolean {
  return spaceRoles.indexOf(role) <= spaceRoles.indexOf(needed);
}

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 14;

export const MEMBER_MESSAGES = {
  roleTooLow: 'Tu rol en este proyecto no permite hacer esto.',
  ownerOnly: 'Solo el propietario del proyecto puede hacer esto.',
  planCannotInvite: 'Invitar personas a un proyecto está disponible en los planes Mediano (lectores) y Pro (equipo).',
  planRole: 'En el plan Mediano solo puedes invitar lectores. Con Pro, también editores.',
  tooMany: 'Este proyecto ya tiene el máximo de miembros e invitaciones de tu plan.',
  invitationNotFound: 'La invitación no existe o ya no es válida.',
  invitationOtherEmail: 'Esta invitación es para otra dirección de correo. Inicia sesión con la cuenta de esa dirección.',
  inviteSelf: 'Ya eres el propietario de este proyecto.',
  alreadyMember: 'Esa persona ya es miembro del proyecto.',
  memberNotFound: 'Esa persona no es miembro del proyecto.',
  badEmail: 'Escribe una dirección de correo válida.',
} as const;

export const memberSchema = personSchema.extend({
  /** Null for viewers: they see the team by name only (issue 36 #15). */
  email: z.string().nullable(),
  role: memberRoleSchema,
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/spaces/{id}/members: everyone sees the team; pending invitations only the owner. */
export const membersResponseSchema = z.object({
  role: z.enum(spaceRoles),
  owner: personSchema.extend({ email: z.string().nullable() }),
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
  /** The owner's plan limits (what the invite form offers). */
  collaboration: z.object({ maxMembers: z.number().int(), roles: z.array(memberRoleSchema) }),
});
export type MembersResponse = z.infer<typeof membersResponseSchema>;

/** The languages an invitation email is written in (the inviter's, ADR 0214). */
export const invitationLocales = ['es', 'en'] as const;
export type InvitationLocale = (typeof invitationLocales)[number];

/** POST /api/spaces/{id}/invitations. Inviting the same address again gives a new link. */
export const inviteBodySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).email({ message: MEMBER_MESSAGES.badEmail }),
  role: memberRoleSchema,
  /** The inviter's language, for the email; their browser's Accept-Language otherwise, else Spanish. */
  locale: z.enum(invitationLocales).optional(),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;
/**
 * -> 201. The link exists in clear only in this answer (and in the email). `emailed`: an SMTP server
 * took the email (SMTP_URL set); false: the person must copy the link and send it themselves.
 */
export const inviteResponseSchema = z.object({ invitation: invitationSchema, link: z.string(), emailed: z.boolean() });
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

/** PATCH /api/spaces/{id}/members/{userId} */
export const changeRoleBodySchema = z.object({ role: memberRoleSchema });
export const memberResponseSchema = z.object({ member: memberSchema });

/** GET /api/invitations/{token}: what the link is for, before accepting it (no session needed). */
export const invitationPreviewSchema = z.object({
  spaceName: z.string(),
  inviter: z.string(),
  role: memberRoleSchema,
  email: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
/** POST /api/invitations/{token}/accept -> the space to open. */
export const acceptResponseSchema = z.object({ spaceId: z.string(), role: memberRoleSchema });
export type AcceptResponse = z.infer<typeof acceptResponseSchema>;

/** GET /api/shared-spaces: spaces others shared with the signed-in person, newest first. */
export const sharedSpaceSchema = spaceListItemSchema.extend({ role: memberRoleSchema, owner: personSchema });
export type SharedSpace = z.infer<typeof sharedSpaceSchema>;
export const sharedSpacesResponseSchema = z.object({ spaces: z.array(sharedSpaceSchema) });
export type SharedSpacesResponse = z.infer<typeof sharedSpacesResponseSchema>;

/** The invitation page of the web app. */
export const invitationPath = (token: string) => `/invite/${token}`;
