import {
  collaborationOf,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationPreview,
  invitationPath,
  MEMBER_MESSAGES,
  type Member,
  type MemberRole,
  type MembersResponse,
  type SharedSpace,
} from '@div/shared/members';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/client';
import { spaceInvitations, spaceMembers } from '../../db/schema/members';
import { spaces } from '../../db/schema/spaces';
import { users } from '../../db/schema/users';
import { AppError, notFound, planRefusal } from '../../lib/errors';
import type { SpaceAccess } from '../../lib/space-access';
import { hashToken, newToken } from '../../lib/tokens';
import { publishedSites } from '../spaces/published';
import type { SiteAddressing } from '../spaces/read-json';
import { summaryColumns, toSummary } from '../spaces/service';

/** Members and invitations of a space (issue 25, ADR 0211). Callers have checked the role (access.ts). */

const DAY_MS = 24 * 60 * 60 * 1000;

const memberColumns = {
  id: users.id,
  name: users.name,
  picture: users.picture,
  email: users.email,
  role: spaceMembers.role,
  joinedAt: spaceMembers.createdAt,
};
const toMember = (row: { joinedAt: Date; role: string } & Omit<Member, 'joinedAt' | 'role'>): Member => ({
  ...row,
  role: row.role as MemberRole,
  joinedAt: row.joinedAt.toISOString(),
});
const toInvitation = (row: { id: string; email: string; role: string; createdAt: Date; expiresAt: Date }): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role as MemberRole,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** The team of a space as `access` sees it: pending invitations only for the owner. */
export async function listMembers(db: Database, access: SpaceAccess): Promise<MembersResponse> {
  const [owner] = await db
    .select({ id: users.id, name: users.name, picture: users.picture, email: users.email })
    .from(users)
    .where(eq(users.id, access.ownerId));
  if (!owner) throw notFound();
  const members = await db
    .select(memberColumns)
    .from(spaceMembers)
    .innerJoin(users, eq(users.id, spaceMembers.userId))
    .where(eq(spaceMembers.spaceId, access.spaceId))
    .orderBy(spaceMembers.createdAt);
  const invitations =
    access.role === 'owner'
      ? await db
          .select()
          .from(spaceInvitations)
          .where(and(eq(spaceInvitations.spaceId, access.spaceId), gt(spaceInvitations.expiresAt, new Date())))
          .orderBy(spaceInvitations.createdAt)
      : [];
  const collaboration = collaborationOf(access.ownerPlan);
  // Viewers see who is in the space by name, never their addresses (issue 36 #15).
  const hide = access.role === 'viewer';
  return {
    role: access.role,
    owner: hide ? { ...owner, email: null } : owner,
    members: members.map((row) => toMember(hide ? { ...row, email: null } : row)),
    invitations: invitations.map(toInvitation),
    collaboration: { maxMembers: collaboration.maxMembers, roles: [...collaboration.roles] },
  };
}

/** Throws 403 when the owner's plan cannot give `role`. */
function checkPlan(access: SpaceAccess, role: MemberRole) {
  const collaboration = collaborationOf(access.ownerPlan);
  if (collaboration.maxMembers === 0)
    throw planRefusal('FORBIDDEN', MEMBER_MESSAGES.planCannotInvite, 'collaboration', access.ownerPlan);
  if (!collaboration.roles.includes(role)) throw planRefusal('FORBIDDEN', MEMBER_MESSAGES.planRole, 'editors', access.ownerPlan);
  return collaboration;
}

/**
 * Invites `email` with `role`; inviting the same address again replaces its link (and role). The
 * link (with the token in clear) exists only in the answer and the email.
 */
export async function invite(opts: {
  db: Database;
  access: SpaceAccess;
  inviterId: string;
  email: string;
  role: MemberRole;
  publicUrl: string;
}): Promise<{ invitation: Invitation; link: string; spaceName: string }> {
  const { db, access, email, role } = opts;
  const collaboration = checkPlan(access, role);
  return db.transaction(async (tx) => {
    // One invitation at a time per space: the count below cannot be passed by two at once.
    const [space] = await tx.select({ name: spaces.name }).from(spaces).where(eq(spaces.id, access.spaceId)).for('update');
    if (!space) throw notFound();
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, access.ownerId));
    if (owner?.email.toLowerCase() === email) throw new AppError('BAD_REQUEST', MEMBER_MESSAGES.inviteSelf);
    const [member] = await tx
      .select({ id: users.id })
      .from(spaceMembers)
      .innerJoin(users, eq(users.id, spaceMembers.userId))
      .where(and(eq(spaceMembers.spaceId, access.spaceId), sql`lower(${users.email}) = ${email}`));
    if (member) throw new AppError('CONFLICT', MEMBER_MESSAGES.alreadyMember);
    const [counts] = await tx
      .select({
        members: sql<number>`(select count(*) from ${spaceMembers} where ${spaceMembers.spaceId} = ${access.spaceId})`.mapWith(
          Number,
        ),
        invitations: sql<number>`(select count(*) from ${spaceInvitations} where ${spaceInvitations.spaceId} = ${access.spaceId}
          and ${spaceInvitations.email} <> ${email} and ${spaceInvitations.expiresAt} > now())`.mapWith(Number),
      })
      .from(sql`(select 1) one`);
    if ((counts?.members ?? 0) + (counts?.invitations ?? 0) >= collaboration.maxMembers) {
      throw planRefusal('FORBIDDEN', MEMBER_MESSAGES.tooMany, 'seats', access.ownerPlan);
    }
    const token = newToken();
    const values = {
      spaceId: access.spaceId,
      email,
      role,
      tokenHash: hashToken(token),
      invitedBy: opts.inviterId,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
    };
    const [row] = await tx
      .insert(spaceInvitations)
      .values(values)
      .onConflictDoUpdate({ target: [spaceInvitations.spaceId, spaceInvitations.email], set: values })
      .returning();
    if (!row) throw new Error('invitation not stored');
    return { invitation: toInvitation(row), link: `${opts.publicUrl}${invitationPath(token)}`, spaceName: space.name };
  });
}

export async function revokeInvitation(db: Database, spaceId: string, invitationId: string): Promise<void> {
  const rows = await db
    .delete(spaceInvitations)
    .where(and(eq(spaceInvitations.id, invitationId), eq(spaceInvitations.spaceId, spaceId)))
    .returning({ id: spaceInvitations.id });
  if (rows.length === 0) throw notFound(MEMBER_MESSAGES.invitationNotFound);
}

export async function changeRole(db: Database, access: SpaceAccess, userId: string, role: MemberRole): Promise<Member> {
  checkPlan(access, role);
  const rows = await db
    .update(spaceMembers)
    .set({ role })
    .where(and(eq(spaceMembers.spaceId, access.spaceId), eq(spaceMembers.userId, userId)))
    .returning({ userId: spaceMembers.userId });
  if (rows.length === 0) throw notFound(MEMBER_MESSAGES.memberNotFound);
  const [member] = await db
    .select(memberColumns)
    .from(spaceMembers)
    .innerJoin(users, eq(users.id, spaceMembers.userId))
    .where(and(eq(spaceMembers.spaceId, access.spaceId), eq(spaceMembers.userId, userId)));
  if (!member) throw notFound(MEMBER_MESSAGES.memberNotFound);
  return toMember(member);
}

export async function removeMember(db: Database, spaceId: string, userId: string): Promise<void> {
  const rows = await db
    .delete(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, userId)))
    .returning({ userId: spaceMembers.userId });
  if (rows.length === 0) throw notFound(MEMBER_MESSAGES.memberNotFound);
}

async function findInvitation(db: Database, token: string) {
  const [row] = await db
    .select({
      id: spaceInvitations.id,
      spaceId: spaceInvitations.spaceId,
      email: spaceInvitations.email,
      role: spaceInvitations.role,
      spaceName: spaces.name,
      inviter: users.name,
    })
    .from(spaceInvitations)
    .innerJoin(spaces, eq(spaces.id, spaceInvitations.spaceId))
    .innerJoin(users, eq(users.id, spaceInvitations.invitedBy))
    .where(and(eq(spaceInvitations.tokenHash, hashToken(token)), gt(spaceInvitations.expiresAt, new Date())));
  if (!row) throw notFound(MEMBER_MESSAGES.invitationNotFound);
  return row;
}

export async function previewInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const row = await findInvitation(db, token);
  return { spaceName: row.spaceName, inviter: row.inviter, role: row.role as MemberRole, email: row.email };
}

/** Makes the signed-in user a member, when they signed in with the invited address. */
export async function acceptInvitation(
  db: Database,
  user: { id: string; email: string },
  token: string,
): Promise<{ spaceId: string; role: MemberRole }> {
  const row = await findInvitation(db, token);
  if (user.email.toLowerCase() !== row.email) throw new AppError('FORBIDDEN', MEMBER_MESSAGES.invitationOtherEmail);
  const role = row.role as MemberRole;
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(spaceInvitations)
      .where(eq(spaceInvitations.id, row.id))
      .returning({ id: spaceInvitations.id });
    // Accepted twice at once: the second finds nothing to take.
    if (deleted.length === 0) throw notFound(MEMBER_MESSAGES.invitationNotFound);
    const [space] = await tx.select({ ownerId: spaces.ownerId }).from(spaces).where(eq(spaces.id, row.spaceId));
    if (space?.ownerId === user.id) return;
    try {
      await tx
        .insert(spaceMembers)
        .values({ spaceId: row.spaceId, userId: user.id, role })
        .onConflictDoUpdate({ target: [spaceMembers.spaceId, spaceMembers.userId], set: { role } });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', MEMBER_MESSAGES.alreadyMember);
      throw error;
    }
  });
  return { spaceId: row.spaceId, role };
}

/** Spaces others shared with the user, most recently changed first. */
export async function listShared(db: Database, userId: string, addressing: SiteAddressing): Promise<SharedSpace[]> {
  const rows = await db
    .select({ ...summaryColumns, role: spaceMembers.role, ownerId: users.id, ownerName: users.name, ownerPicture: users.picture })
    .from(spaceMembers)
    .innerJoin(spaces, eq(spaces.id, spaceMembers.spaceId))
    .innerJoin(users, eq(users.id, spaces.ownerId))
    .where(and(eq(spaceMembers.userId, userId), ne(spaces.ownerId, userId)))
    .orderBy(desc(spaces.updatedAt), desc(spaces.id));
  const published = await publishedSites(
    db,
    addressing,
    rows.map((row) => row.id),
  );
  return rows.map(({ role, ownerId, ownerName, ownerPicture, ...row }) => ({
    ...toSummary(row),
    published: published.get(row.id) ?? null,
    role: role as MemberRole,
    owner: { id: ownerId, name: ownerName, picture: ownerPicture },
  }));
}
