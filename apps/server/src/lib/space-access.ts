import { MEMBER_MESSAGES, roleAllows, type SpaceRole } from '@div/shared/members';
import { MESSAGES } from '@div/shared/spaces';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Database, oncePerDatabase } from '../db/client';
import { AppError, notFound } from './errors';

/**
 * Who may do what in a space (issue 25, ADR 0211): the one place that decides it. Every route that
 * names a space declares the least role it needs in its route options (`spaceRole(...)`), and calls
 * `requireSpaceAccess`, which reads that declaration: no role at all answers 404 (as for a space
 * that does not exist), a role below the one needed answers 403 with a message. The services then
 * run on behalf of the space's owner (`access.ownerId`): the owner's plan, allowance and sites.
 */

export interface SpaceAccess {
  spaceId: string;
  role: SpaceRole;
  ownerId: string;
  ownerName: string;
  ownerPicture: string | null;
  ownerPlan: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role a route that names a space needs (see checkRole below). */
    spaceRole?: SpaceRole;
  }
}

/** Route options naming the least role the route needs; spread into the route's options. */
export const spaceRole = (role: SpaceRole) => ({ config: { spaceRole: role } });

/*
 * The rule in SQL, for the statements that check access inside themselves (the hot reads of
 * spaces/read-json.ts): a space `s` joined to the user's membership `m` has the user's role, or none.
 */
/** Join condition of `space_members m` for the user. */
export const membershipOf = (userId: SQLWrapper) => sql`m.space_id = s.id and m.user_id = ${userId}`;
/** The user's role in `s` ('owner', 'editor', 'viewer') or null. */
export const roleIn = (userId: SQLWrapper) => sql`(case when s.owner_id = ${userId} then 'owner' else m.role end)`;

const accessQuery = oncePerDatabase((db: Database) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      ownerId: sql<string>`s.owner_id`,
      role: sql<SpaceRole | null>`${roleIn(userId)}`,
      ownerName: sql<string>`o.name`,
      ownerPicture: sql<string | null>`o.picture`,
      ownerPlan: sql<string>`o.plan`,
    })
    .from(sql`spaces s`)
    .innerJoin(sql`users o`, sql`o.id = s.owner_id`)
    .leftJoin(sql`space_members m`, membershipOf(userId))
    .where(sql`s.id = ${sql.placeholder('spaceId')}`)
    .prepare('space_access');
});

/** The user's role in the space and who owns it; undefined when the user has none (or no such space). */
export async function findSpaceAccess(db: Database, userId: string, spaceId: string): Promise<SpaceAccess | undefined> {
  const [row] = await accessQuery(db).execute({ userId, spaceId });
  if (!row?.role) return undefined;
  return { spaceId, ...row, role: row.role };
}

/** Throws 404 without a role, 403 below `needed`. */
export function checkRole(access: SpaceAccess | undefined, needed: SpaceRole): SpaceAccess {
  if (!access) throw notFound(MESSAGES.notFound);
  if (!roleAllows(access.role, needed)) {
    throw new AppError('FORBIDDEN', needed === 'owner' ? MEMBER_MESSAGES.ownerOnly : MEMBER_MESSAGES.roleTooLow);
  }
  return access;
}

/** The role a route declared with `spaceRole`; a route that names a space without one is a programming error. */
export function declaredRole(request: FastifyRequest): SpaceRole {
  const role = request.routeOptions.config.spaceRole;
  if (!role) throw new Error(`${request.method} ${request.routeOptions.url} names a space but declares no spaceRole`);
  return role;
}

/** The signed-in user's access to `spaceId`, checked against the role the route declared. */
export async function requireSpaceAccess(
  db: Database,
  request: FastifyRequest,
  userId: string,
  spaceId: string,
): Promise<SpaceAccess> {
  const needed = declaredRole(request);
  return checkRole(await findSpaceAccess(db, userId, spaceId), needed);
}
