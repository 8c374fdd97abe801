import { createHash } from 'node:crypto';
import type { AuthProvider } from '@div/shared/auth';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { localIdpCodes, localIdpTokens } from '../../db/schema/auth';
import { hashToken, newToken, safeEqual } from '../../lib/tokens';
import { IdentityError, type IdentityProfile, type IdentityProvider } from './types';

/**
 * The local identity provider: a real authorization server served by the app itself under
 * /local/idp, used by a button whose client id is not configured. The person types a name and an
 * email on a page labelled "Modo local"; codes are bound to client, redirect URI and PKCE challenge.
 */
export const LOCAL_IDP_PATH = '/local/idp';
export const LOCAL_IDP_CODE_TTL_MS = 2 * 60_000;
export const LOCAL_IDP_TOKEN_TTL_MS = 60 * 60_000;

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The only redirect URI a local client may use: the SPA's return page of that button. */
export function localRedirectUri(publicUrl: string, clientId: AuthProvider): string {
  return `${publicUrl}/auth/${clientId}`;
}

/** The local identity is the email itself: the same email through either button is the same person. */
function localSubject(email: string): string {
  return email.trim().toLowerCase();
}

export async function issueLocalIdpCode(
  db: Database,
  options: { clientId: AuthProvider; redirectUri: string; codeChallenge: string; name: string; email: string },
): Promise<string> {
  const code = newToken();
  await db.delete(localIdpCodes).where(lt(localIdpCodes.expiresAt, new Date()));
  await db.insert(localIdpCodes).values({
    codeHash: hashToken(code),
    clientId: options.clientId,
    redirectUri: options.redirectUri,
    codeChallenge: options.codeChallenge,
    subject: localSubject(options.email),
    name: options.name,
    email: options.email.trim(),
    expiresAt: new Date(Date.now() + LOCAL_IDP_CODE_TTL_MS),
  });
  return code;
}

/**
 * Spends an authorization code (deleted whatever the outcome, so it never works twice) and issues an
 * access token. Undefined when the code is unknown, expired, or bound to another client, redirect
 * URI or PKCE verifier.
 */
export async function exchangeLocalIdpCode(
  db: Database,
  options: { code: string; clientId: string; redirectUri: string; codeVerifier: string },
): Promise<{ accessToken: string; expiresIn: number } | undefined> {
  const [row] = await db
    .delete(localIdpCodes)
    .where(eq(localIdpCodes.codeHash, hashToken(options.code)))
    .returning({
      clientId: localIdpCodes.clientId,
      redirectUri: localIdpCodes.redirectUri,
      codeChallenge: localIdpCodes.codeChallenge,
      subject: localIdpCodes.subject,
      name: localIdpCodes.name,
      email: localIdpCodes.email,
      expiresAt: localIdpCodes.expiresAt,
    });
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  if (row.clientId !== options.clientId || row.redirectUri !== options.redirectUri) return undefined;
  if (!safeEqual(pkceChallenge(options.codeVerifier), row.codeChallenge)) return undefined;
  const accessToken = newToken();
  await db.delete(localIdpTokens).where(lt(localIdpTokens.expiresAt, new Date()));
  await db.insert(localIdpTokens).values({
    tokenHash: hashToken(accessToken),
    clientId: row.clientId,
    subject: row.subject,
    name: row.name,
    email: row.email,
    expiresAt: new Date(Date.now() + LOCAL_IDP_TOKEN_TTL_MS),
  });
  return { accessToken, expiresIn: LOCAL_IDP_TOKEN_TTL_MS / 1000 };
}

export interface LocalUserinfo {
  sub: string;
  name: string;
  email: string;
  email_verified: true;
  picture: null;
}

/** The userinfo of an unexpired local access token. */
export async function readLocalIdpUserinfo(db: Database, accessToken: string): Promise<LocalUserinfo | undefined> {
  const [row] = await db
    .select({
      subject: localIdpTokens.subject,
      name: localIdpTokens.name,
      email: localIdpTokens.email,
      expiresAt: localIdpTokens.expiresAt,
    })
    .from(localIdpTokens)
    .where(eq(localIdpTokens.tokenHash, hashToken(accessToken)))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  return { sub: row.subject, name: row.name, email: row.email, email_verified: true, picture: null };
}

/**
 * The local identity provider seen from the sign-in flow. The authorization step is a real page the
 * browser visits; code exchange and userinfo call the same functions the /local/idp/token and
 * /local/idp/userinfo endpoints use, in process (the app need not reach its own public URL).
 */
export function createLocalProvider(options: { db: Database; publicUrl: string; button: AuthProvider }): IdentityProvider {
  return {
    button: options.button,
    mode: 'local',
    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(`${options.publicUrl}${LOCAL_IDP_PATH}/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.button,
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const result = await exchangeLocalIdpCode(options.db, {
        code,
        clientId: options.button,
        redirectUri,
        codeVerifier,
      });
      if (!result) throw new IdentityError('exchange_failed', 'local code refused');
      return { accessToken: result.accessToken };
    },
    async fetchProfile({ accessToken }): Promise<IdentityProfile> {
      const info = await readLocalIdpUserinfo(options.db, accessToken);
      if (!info) throw new IdentityError('provider_error', 'local access token refused');
      return {
        provider: 'local',
        subject: info.sub,
        email: info.email,
        emailVerified: info.email_verified,
        name: info.name,
        picture: info.picture,
      };
    },
  };
}
