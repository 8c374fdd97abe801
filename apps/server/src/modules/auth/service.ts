import type { AuthCallbackErrorReason, AuthProvider } from '@div/shared/auth';
import { AUTH_STATE_TTL_MS, LOGIN_CODE_TTL_MS, SESSION_LOGIN_MS } from '@div/shared/constants';
import { planOf } from '@div/shared/plans';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type Database, isUniqueViolation } from '../../db/client';
import { authStates, loginCodes } from '../../db/schema/auth';
import { accounts, users } from '../../db/schema/users';
import { hashToken, newToken, safeEqual } from '../../lib/tokens';
import type { IdentityProviders } from '../../providers/identity/create';
import { pkceChallenge } from '../../providers/identity/local';
import { IdentityError, type IdentityProfile } from '../../providers/identity/types';
import { createSession } from './sessions';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;

/** The SPA return page each provider sends the browser back to. */
export function redirectUriFor(publicUrl: string, provider: AuthProvider): string {
  return `${publicUrl}/auth/${provider}`;
}

/**
 * Starts a sign-in for both buttons: one state + PKCE verifier per provider, bound to the browser
 * nonce (kept in a signed cookie; only its hash is stored). Returns the authorization URLs.
 */
export async function startSignIn(
  ctx: Ctx,
  options: { providers: IdentityProviders; browserNonce: string },
): Promise<{ redirectGoogle: string; redirectGithub: string }> {
  await ctx.db.delete(authStates).where(lt(authStates.expiresAt, new Date()));
  const urls = {} as Record<AuthProvider, string>;
  for (const provider of ['google', 'github'] as const) {
    const state = newToken();
    const codeVerifier = newToken();
    const redirectUri = redirectUriFor(ctx.config.publicUrl, provider);
    urls[provider] = await options.providers[provider].authorizationUrl({
      state,
      codeChallenge: pkceChallenge(codeVerifier),
      redirectUri,
    });
    await ctx.db.insert(authStates).values({
      stateHash: hashToken(state),
      provider,
      codeVerifier,
      browserNonceHash: hashToken(options.browserNonce),
      redirectUri,
      expiresAt: new Date(Date.now() + AUTH_STATE_TTL_MS),
    });
  }
  return { redirectGoogle: urls.google, redirectGithub: urls.github };
}

export type SignInResult =
  | { ok: true; provider: AuthProvider; validateCode: string; userId: string }
  | { ok: false; provider: AuthProvider | undefined; reason: AuthCallbackErrorReason };

/**
 * Completes a sign-in from the provider's code and state: the state must exist, be unexpired,
 * unused and belong to this browser; the code is exchanged with the PKCE verifier; the verified
 * profile creates or updates the user and links the account; a single-use login code is issued.
 * Any failure writes nothing but the spent state.
 */
export async function completeSignIn(
  ctx: Ctx,
  options: { providers: IdentityProviders; code: string; state: string; browserNonce: string | undefined },
): Promise<SignInResult> {
  const [row] = await ctx.db
    .select({
      id: authStates.id,
      provider: authStates.provider,
      browserNonceHash: authStates.browserNonceHash,
      expiresAt: authStates.expiresAt,
    })
    .from(authStates)
    .where(eq(authStates.stateHash, hashToken(options.state)))
    .limit(1);
  if (!row) return { ok: false, provider: undefined, reason: 'state_invalid' };
  const provider = row.provider as AuthProvider;
  // Another browser's state is refused and left alone, so it cannot be burnt by a third party.
  if (!options.browserNonce || !safeEqual(hashToken(options.browserNonce), row.browserNonceHash)) {
    return { ok: false, provider, reason: 'state_invalid' };
  }
  // Spend the state: one DELETE, so two concurrent callbacks cannot both use it.
  const [spent] = await ctx.db
    .delete(authStates)
    .where(eq(authStates.id, row.id))
    .returning({ codeVerifier: authStates.codeVerifier, redirectUri: authStates.redirectUri, expiresAt: authStates.expiresAt });
  if (!spent) return { ok: false, provider, reason: 'state_invalid' };
  if (spent.expiresAt.getTime() <= Date.now()) return { ok: false, provider, reason: 'state_expired' };

  try {
    const identity = options.providers[provider];
    const { accessToken } = await identity.exchangeCode({
      code: options.code,
      codeVerifier: spent.codeVerifier,
      redirectUri: spent.redirectUri,
    });
    const profile = await identity.fetchProfile({ accessToken });
    if (!profile.emailVerified) throw new IdentityError('email_unverified');
    const userId = await linkIdentity(ctx.db, profile);
    const validateCode = await issueLoginCode(ctx.db, { userId, browserNonce: options.browserNonce });
    return { ok: true, provider, validateCode, userId };
  } catch (error) {
    if (error instanceof IdentityError) {
      ctx.log.warn({ provider, reason: error.reason, detail: error.message }, 'sign-in refused');
      return { ok: false, provider, reason: error.reason };
    }
    ctx.log.error({ err: error, provider }, 'sign-in failed');
    return { ok: false, provider, reason: 'provider_error' };
  }
}

/**
 * Finds or creates the user of a verified identity, in one transaction.
 * - A known account (provider + provider user id) signs in its user.
 * - Otherwise the same email links to the existing user (Google and GitHub become one user).
 * - Identities of the local identity provider (typed, not verified by anyone) never take over a user
 *   that has a real Google/GitHub account.
 * - A user made by the local identity provider is never linked to a verified identity (ADR 0151):
 *   whoever typed that email locally may not be its owner, and what they made and issued (API keys,
 *   spaces, domains, custom models, a plan) must not reach the verified person. The local user keeps
 *   its things under an address of its own (`local+{id}@local.invalid`, reachable only through the
 *   local account it has) and the verified sign-in gets a new user.
 */
export async function linkIdentity(db: Database, profile: IdentityProfile): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [known] = await tx
          .select({ userId: accounts.userId })
          .from(accounts)
          .where(and(eq(accounts.provider, profile.provider), eq(accounts.providerUserId, profile.subject)))
          .limit(1);
        if (known) {
          await tx
            .update(accounts)
            .set({ email: profile.email })
            .where(and(eq(accounts.provider, profile.provider), eq(accounts.providerUserId, profile.subject)));
          await tx
            .update(users)
            .set({ picture: sql`coalesce(${profile.picture}, ${users.picture})`, updatedAt: new Date() })
            .where(eq(users.id, known.userId));
          return known.userId;
        }
        const [existing] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = lower(${profile.email})`)
          .limit(1);
        let userId: string;
        const linked = existing
          ? await tx.select({ provider: accounts.provider }).from(accounts).where(eq(accounts.userId, existing.id))
          : [];
        if (existing && profile.provider === 'local' && linked.some((a) => a.provider !== 'local')) {
          throw new IdentityError('email_unverified', 'a local identity cannot take over a verified account');
        }
        const madeLocally = linked.length > 0 && linked.every((a) => a.provider === 'local');
        if (existing && profile.provider !== 'local' && madeLocally) {
          await tx
            .update(users)
            .set({ email: detachedLocalEmail(existing.id), updatedAt: new Date() })
            .where(eq(users.id, existing.id));
        }
        if (existing && !(profile.provider !== 'local' && madeLocally)) {
          userId = existing.id;
          if (profile.picture) {
            await tx
              .update(users)
              .set({ picture: sql`coalesce(${users.picture}, ${profile.picture})`, updatedAt: new Date() })
              .where(eq(users.id, userId));
          }
        } else {
          const [created] = await tx
            .insert(users)
            .values({ name: profile.name, email: profile.email, picture: profile.picture })
            .returning({ id: users.id });
          if (!created) throw new Error('user not created');
          userId = created.id;
        }
        await tx.insert(accounts).values({
          userId,
          provider: profile.provider,
          providerUserId: profile.subject,
          email: profile.email,
        });
        return userId;
      });
    } catch (error) {
      // Two first sign-ins of the same person at once: the loser retries and finds the winner's rows.
      if (attempt === 0 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** The address a locally made user keeps once a verified identity claims its email (ADR 0151). */
export function detachedLocalEmail(userId: string): string {
  return `local+${userId}@local.invalid`;
}

/**
 * Issues a single-use login code (`validate_code`) valid for 60 seconds, bound to the browser whose
 * sign-in it completes (its nonce); only hashes are stored.
 */
export async function issueLoginCode(db: Database, options: { userId: string; browserNonce: string }): Promise<string> {
  const code = newToken();
  await db.delete(loginCodes).where(lt(loginCodes.expiresAt, new Date(Date.now() - 86_400_000)));
  await db.insert(loginCodes).values({
    codeHash: hashToken(code),
    userId: options.userId,
    browserNonceHash: hashToken(options.browserNonce),
    expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MS),
  });
  return code;
}

/**
 * Spends a login code (one conditional UPDATE: unused, unexpired and presented by the browser that
 * started the sign-in) and opens a 30-day session in the same transaction. Undefined when the code is
 * unknown, spent, expired or another browser's: a code sent to someone else signs no one in (ADR 0153).
 */
export async function redeemLoginCode(
  ctx: Pick<AppContext, 'db'>,
  options: { code: string; browserNonce: string | undefined },
): Promise<
  { user: { id: string; name: string; email: string; picture: string | null }; token: string; expiresAt: Date } | undefined
> {
  return ctx.db.transaction(async (tx) => {
    if (!options.browserNonce) return undefined;
    const now = new Date();
    const [spent] = await tx
      .update(loginCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(loginCodes.codeHash, hashToken(options.code)),
          eq(loginCodes.browserNonceHash, hashToken(options.browserNonce)),
          isNull(loginCodes.usedAt),
          gt(loginCodes.expiresAt, now),
        ),
      )
      .returning({ userId: loginCodes.userId });
    if (!spent) return undefined;
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email, picture: users.picture })
      .from(users)
      .where(eq(users.id, spent.userId))
      .limit(1);
    if (!user) return undefined;
    const session = await createSession({ db: tx as unknown as Database }, { userId: user.id, ttlMs: SESSION_LOGIN_MS });
    return { user, ...session };
  });
}

/** The profile the settings, pricing and usage screens read. */
export async function readUserProfile(ctx: Pick<AppContext, 'db'>, options: { userId: string }) {
  const [row] = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      picture: users.picture,
      plan: users.plan,
      messagesUsed: users.messagesUsed,
      developerPlan: users.developerPlan,
    })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  if (!row) return undefined;
  return { ...row, messagesLimit: planOf(row.plan).messagesPerMonth };
}
