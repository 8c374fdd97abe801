import { and, eq, gt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { type Database, oncePerDatabase, sessionsLane } from '../../db/client';
import { userSpaceStamps } from '../../db/schema/spaces';
import { sessions, users } from '../../db/schema/users';
import { type BatchLoader, createBatchLoader } from '../../lib/batch';
import { unauthenticated } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  plan: string;
  developerPlan: string;
  sessionId: string;
  sessionExpiresAt: Date;
  /** Changes whenever any of the user's spaces or versions change (ADR 0136). */
  spacesStamp: number;
}

/** Creates a session and returns the bearer token (the only time it exists in clear). */
export async function createSession(
  ctx: Pick<AppContext, 'db'>,
  options: { userId: string; ttlMs: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + options.ttlMs);
  await ctx.db.insert(sessions).values({ tokenHash: hashToken(token), userId: options.userId, expiresAt });
  return { token, expiresAt };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The session lookup every signed-in request makes, prepared once per database (PostgreSQL plans it
 * once per connection; drizzle builds its SQL once instead of on every request). It reads the
 * sessions of several tokens at once: lookups made in the same turn of the event loop share one
 * query, one round trip for a burst of requests instead of one each (ADR 0138).
 */
function buildSessionUserQuery(db: Database) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      id: users.id,
      name: users.name,
      email: users.email,
      picture: users.picture,
      plan: users.plan,
      developerPlan: users.developerPlan,
      sessionId: sessions.id,
      sessionExpiresAt: sessions.expiresAt,
      spacesStamp: sql<number>`coalesce(${userSpaceStamps.stamp}, 0)`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userSpaceStamps, eq(userSpaceStamps.userId, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_users');
}

const sessionUserLoader = oncePerDatabase((db): BatchLoader<string, AuthUser> => {
  const query = buildSessionUserQuery(sessionsLane(db));
  return createBatchLoader(async (tokenHashes: string[]) => {
    const rows = await query.execute({ tokenHashes, now: new Date() });
    return new Map(rows.map(({ tokenHash, ...user }) => [tokenHash, user]));
  });
});

/** Finds the user of an unexpired session token; undefined when there is none. */
export async function findSessionUser(ctx: Pick<AppContext, 'db'>, token: string): Promise<AuthUser | undefined> {
  return sessionUserLoader(ctx.db).load(hashToken(token));
}

/**
 * The user id of an unexpired session, as a subquery: a statement that checks ownership with it
 * needs no lookup before it (one round trip). It yields null for a missing or expired session, so
 * the statement matches nothing; the caller tells 401 from 404 only then (ADR 0138).
 */
export function sessionUserId(tokenHash: SQLWrapper, now: SQLWrapper): SQL {
  return sql`(select ${sessions.userId} from ${sessions} where ${sessions.tokenHash} = ${tokenHash} and ${sessions.expiresAt} > ${now})`;
}

/** Each request's session lookup, made once: the sign-in-first hook and the handler share it. */
const requestUsers = new WeakMap<FastifyRequest, Promise<AuthUser | undefined>>();

/** The signed-in user of this request, or a 401. Every protected route starts here. */
export async function requireUser(ctx: Pick<AppContext, 'db'>, request: FastifyRequest): Promise<AuthUser> {
  let lookup = requestUsers.get(request);
  if (!lookup) {
    const token = bearerToken(request);
    lookup = token ? findSessionUser(ctx, token) : Promise.resolve(undefined);
    requestUsers.set(request, lookup);
  }
  const user = await lookup;
  if (!user) throw unauthenticated();
  return user;
}

/**
 * Renews a session so it lasts at least `ttlMs` from now (verify: 24 hours). A longer remaining
 * lifetime (30 days after login) is never shortened. Returns the new expiry.
 */
export async function renewSession(
  ctx: Pick<AppContext, 'db'>,
  options: { sessionId: string; ttlMs: number },
): Promise<Date | undefined> {
  const renewed = new Date(Date.now() + options.ttlMs);
  const [row] = await ctx.db
    .update(sessions)
    .set({ expiresAt: sql`greatest(${sessions.expiresAt}, ${renewed.toISOString()}::timestamptz)`, lastUsedAt: new Date() })
    .where(and(eq(sessions.id, options.sessionId), gt(sessions.expiresAt, new Date())))
    .returning({ expiresAt: sessions.expiresAt });
  return row?.expiresAt;
}

/** Revokes one session (sign-out). */
export async function revokeSession(ctx: Pick<AppContext, 'db'>, options: { sessionId: string }): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.id, options.sessionId));
}

/** Revokes every session of a user (sign out everywhere). Returns how many were revoked. */
export async function revokeUserSessions(ctx: Pick<AppContext, 'db'>, options: { userId: string }): Promise<number> {
  const rows = await ctx.db.delete(sessions).where(eq(sessions.userId, options.userId)).returning({ id: sessions.id });
  return rows.length;
}
