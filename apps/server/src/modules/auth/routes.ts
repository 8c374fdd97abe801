import {
  authProviderSchema,
  loginCodeResponseSchema,
  loginUrlsResponseSchema,
  MISSING_AUTH_PARAMS_MESSAGE,
  userProfileSchema,
  verifyResponseSchema,
} from '@div/shared/auth';
import { SESSION_RENEW_MS } from '@div/shared/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, unauthenticated } from '../../lib/errors';
import { newToken } from '../../lib/tokens';
import { createIdentityProviders } from '../../providers/identity/create';
import { IdentityError } from '../../providers/identity/types';
import { authRateLimit, enableAuthRateLimit } from './rate-limit';
import { completeSignIn, readUserProfile, redeemLoginCode, startSignIn } from './service';
import { bearerToken, renewSession, requireUser, revokeSession, revokeUserSessions } from './sessions';

/**
 * The signed cookie that binds a sign-in's state, and the login code it ends with, to the browser
 * that started it. Its path covers `/api/auth` (state) and `/api/user` (the code's redemption).
 */
export const AUTH_NONCE_COOKIE = 'div_auth_nonce';
/**
 * Over HTTPS the cookie is `__Host-` (issue 36 #4): Secure, path `/`, and no Domain, so a published
 * site on a sibling subdomain cannot set ("toss") one the app would read. Browsers accept it only
 * from a secure origin; plain-http local development keeps the plain name.
 */
export const AUTH_NONCE_HOST_COOKIE = '__Host-div_auth_nonce';
const AUTH_COOKIE_PATH = '/api';
const AUTH_NONCE_MAX_AGE_S = 10 * 60;

/** Sign-in, session and profile routes (inside /api). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const providers = createIdentityProviders({ config: ctx.config, db: ctx.db });
  const secureCookie = ctx.config.publicUrl.startsWith('https://');
  const nonceCookie = secureCookie ? AUTH_NONCE_HOST_COOKIE : AUTH_NONCE_COOKIE;

  app.register(async (scope) => {
    await enableAuthRateLimit(scope, ctx);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    const readNonce = (request: FastifyRequest): string | undefined => {
      const raw = request.cookies[nonceCookie];
      if (!raw) return undefined;
      const unsigned = request.unsignCookie(raw);
      return unsigned.valid && unsigned.value ? unsigned.value : undefined;
    };

    r.get(
      '/auth/login',
      { config: authRateLimit(ctx), schema: { response: { 200: loginUrlsResponseSchema } } },
      async (request, reply) => {
        // One nonce per browser, reused while it lives, so two open sign-in tabs both work.
        const browserNonce = readNonce(request) ?? newToken();
        const urls = await startSignIn(ctx, { providers, browserNonce }).catch((error: unknown) => {
          if (!(error instanceof IdentityError)) throw error;
          request.log.warn({ err: error }, 'identity provider unreachable');
          throw new AppError('UPSTREAM', 'No se pudo contactar con el proveedor de inicio de sesión. Inténtalo de nuevo.');
        });
        reply.setCookie(nonceCookie, browserNonce, {
          signed: true,
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookie,
          path: secureCookie ? '/' : AUTH_COOKIE_PATH,
          maxAge: AUTH_NONCE_MAX_AGE_S,
        });
        reply.header('cache-control', 'no-store');
        return urls;
      },
    );

    r.get('/auth/callback', { config: authRateLimit(ctx) }, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const code = typeof query.code === 'string' ? query.code : '';
      const state = typeof query.state === 'string' ? query.state : '';
      if (!code || !state) throw badRequest(MISSING_AUTH_PARAMS_MESSAGE);
      const result = await completeSignIn(ctx, { providers, code, state, browserNonce: readNonce(request) });
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!result.ok) {
        // A failure lands on the return page of the provider used: the state's when it is known,
        // else the one the return page says it is (an unknown or replayed state names none).
        const provider = result.provider ?? authProviderSchema.safeParse(query.provider).data ?? 'google';
        return redirect(reply, `/auth/${provider}?error=${result.reason}`);
      }
      return redirect(reply, `/login?validate_code=${encodeURIComponent(result.validateCode)}`);
    });

    r.get(
      '/user',
      { config: authRateLimit(ctx), schema: { response: { 200: loginCodeResponseSchema } } },
      async (request, reply) => {
        const code = bearerToken(request);
        if (!code) throw unauthenticated('Falta el código de autenticación.');
        const result = await redeemLoginCode(ctx, { code, browserNonce: readNonce(request) });
        if (!result) {
          throw unauthenticated(
            'El código de autenticación no es válido, ha caducado o se pidió desde otro navegador. Inicia sesión de nuevo.',
          );
        }
        reply.header('cache-control', 'no-store');
        return { user: result.user, token: result.token, expiresAt: result.expiresAt.toISOString() };
      },
    );

    r.get('/auth/verify', { schema: { response: { 200: verifyResponseSchema } } }, async (request, reply) => {
      const user = await requireUser(ctx, request);
      const expiresAt = await renewSession(ctx, { sessionId: user.sessionId, ttlMs: SESSION_RENEW_MS });
      if (!expiresAt) throw unauthenticated();
      reply.header('cache-control', 'no-store');
      return {
        user: { id: user.id, name: user.name, email: user.email, picture: user.picture },
        expiresAt: expiresAt.toISOString(),
      };
    });

    r.post('/auth/logout', async (request, reply) => {
      const user = await requireUser(ctx, request);
      await revokeSession(ctx, { sessionId: user.sessionId });
      return reply.status(204).send();
    });

    r.post('/auth/logout-all', async (request, reply) => {
      const user = await requireUser(ctx, request);
      await revokeUserSessions(ctx, { userId: user.id });
      return reply.status(204).send();
    });

    r.get('/user/profile', { schema: { response: { 200: userProfileSchema } } }, async (request) => {
      const user = await requireUser(ctx, request);
      const profile = await readUserProfile(ctx, { userId: user.id });
      if (!profile) throw unauthenticated();
      return profile;
    });
  });
}

function redirect(reply: FastifyReply, location: string) {
  return reply.redirect(location, 302);
}
