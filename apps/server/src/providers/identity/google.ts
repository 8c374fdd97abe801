import { z } from 'zod';
import { fetchJson, IdentityError, type IdentityProfile, type IdentityProvider, isVerified } from './types';

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
});
type Discovery = z.infer<typeof discoverySchema>;

const tokenSchema = z.object({ access_token: z.string().min(1) });
const userinfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.unknown().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

/** Google sign-in through OpenID Connect: discovery, authorization code + PKCE, token, userinfo. */
export function createGoogleProvider(options: { issuer: string; clientId: string; clientSecret: string }): IdentityProvider {
  const issuer = options.issuer.replace(/\/$/, '');
  let discovery: Promise<Discovery> | undefined;

  function discover(): Promise<Discovery> {
    discovery ??= (async () => {
      const { body } = await fetchJson(`${issuer}/.well-known/openid-configuration`, {}, 'provider_error');
      const parsed = discoverySchema.safeParse(body);
      if (!parsed.success) throw new IdentityError('provider_error', 'invalid discovery document');
      if (parsed.data.issuer.replace(/\/$/, '') !== issuer) {
        throw new IdentityError('provider_error', `discovery issuer ${parsed.data.issuer} is not ${issuer}`);
      }
      return parsed.data;
    })();
    // A failed discovery is retried on the next sign-in instead of being cached.
    discovery.catch(() => {
      discovery = undefined;
    });
    return discovery;
  }

  return {
    button: 'google',
    mode: 'remote',
    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      const { authorization_endpoint } = await discover();
      const url = new URL(authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const { token_endpoint } = await discover();
      const { body } = await fetchJson(
        token_endpoint,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: options.clientId,
            client_secret: options.clientSecret,
            code_verifier: codeVerifier,
          }),
        },
        'exchange_failed',
      );
      const parsed = tokenSchema.safeParse(body);
      if (!parsed.success) throw new IdentityError('exchange_failed', 'token answer without access_token');
      return { accessToken: parsed.data.access_token };
    },
    async fetchProfile({ accessToken }): Promise<IdentityProfile> {
      const { userinfo_endpoint } = await discover();
      const { body } = await fetchJson(
        userinfo_endpoint,
        { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
        'provider_error',
      );
      const parsed = userinfoSchema.safeParse(body);
      if (!parsed.success) throw new IdentityError('provider_error', 'invalid userinfo answer');
      const info = parsed.data;
      if (!info.email || !isVerified(info.email_verified)) throw new IdentityError('email_unverified');
      return {
        provider: 'google',
        subject: info.sub,
        email: info.email,
        emailVerified: true,
        name: info.name?.trim() || info.email.split('@')[0] || info.email,
        picture: info.picture ?? null,
      };
    },
  };
}
