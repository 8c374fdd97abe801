import { z } from 'zod';
import { fetchJson, IdentityError, type IdentityProfile, type IdentityProvider } from './types';

const tokenSchema = z.object({ access_token: z.string().min(1) });
const userSchema = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: z.string().nullish(),
  avatar_url: z.string().nullish(),
});
const emailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/** GitHub sign-in: OAuth 2 authorization code + PKCE, then GET /user and /user/emails. */
export function createGithubProvider(options: {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
}): IdentityProvider {
  const api = options.apiUrl.replace(/\/$/, '');
  const apiHeaders = (token: string) => ({
    authorization: `Bearer ${token}`,
    accept: 'application/vnd.github+json',
    'user-agent': 'DIV',
    'x-github-api-version': '2022-11-28',
  });

  return {
    button: 'github',
    mode: 'remote',
    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(options.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        allow_signup: 'true',
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const { body } = await fetchJson(
        options.tokenUrl,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            client_id: options.clientId,
            client_secret: options.clientSecret,
            code,
            redirect_uri: redirectUri,
            code_verifier: codeVerifier,
          }),
        },
        'exchange_failed',
      );
      // GitHub answers 200 with an `error` field when the code or verifier is wrong.
      const parsed = tokenSchema.safeParse(body);
      if (!parsed.success) throw new IdentityError('exchange_failed', 'token answer without access_token');
      return { accessToken: parsed.data.access_token };
    },
    async fetchProfile({ accessToken }): Promise<IdentityProfile> {
      const [userRes, emailsRes] = await Promise.all([
        fetchJson(`${api}/user`, { headers: apiHeaders(accessToken) }, 'provider_error'),
        fetchJson(`${api}/user/emails`, { headers: apiHeaders(accessToken) }, 'provider_error'),
      ]);
      const user = userSchema.safeParse(userRes.body);
      const emails = emailsSchema.safeParse(emailsRes.body);
      if (!user.success || !emails.success) throw new IdentityError('provider_error', 'invalid GitHub user answer');
      const primary = emails.data.find((e) => e.primary && e.verified);
      if (!primary) throw new IdentityError('email_unverified');
      return {
        provider: 'github',
        subject: String(user.data.id),
        email: primary.email,
        emailVerified: true,
        name: user.data.name?.trim() || user.data.login,
        picture: user.data.avatar_url ?? null,
      };
    },
  };
}
