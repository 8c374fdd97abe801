import { type AuthProvider, authProviderSchema } from '@div/shared/auth';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  exchangeLocalIdpCode,
  issueLocalIdpCode,
  LOCAL_IDP_PATH,
  localRedirectUri,
  readLocalIdpUserinfo,
} from '../../providers/identity/local';
import { authRateLimit, enableAuthRateLimit } from './rate-limit';
import { bearerToken } from './sessions';

/** What an authorization request must carry; anything else is refused without redirecting. */
const authorizeParamsSchema = z.object({
  response_type: z.literal('code'),
  client_id: authProviderSchema,
  redirect_uri: z.string(),
  state: z.string().min(1).max(512),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256'),
  scope: z.string().optional(),
});
type AuthorizeParams = z.infer<typeof authorizeParamsSchema>;

const personSchema = z.object({
  name: z.string().trim().min(1, 'Escribe tu nombre.').max(100, 'El nombre no puede superar los 100 caracteres.'),
  email: z.string().trim().max(254, 'El correo es demasiado largo.').pipe(z.email('Escribe un correo electrónico válido.')),
});

const tokenBodySchema = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1),
  redirect_uri: z.string(),
  client_id: z.string(),
  code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/),
});

const providerNames: Record<AuthProvider, string> = { google: 'Google', github: 'GitHub' };

/**
 * The local identity provider's endpoints (outside /api): GET/POST authorize (a page labelled
 * "Modo local"), POST token (checks the PKCE verifier) and GET userinfo.
 */
export function registerLocalIdpRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(
    async (scope) => {
      await enableAuthRateLimit(scope, ctx);
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16_384 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

      const checkRequest = (input: unknown): AuthorizeParams | undefined => {
        const parsed = authorizeParamsSchema.safeParse(input);
        if (!parsed.success) return undefined;
        if (parsed.data.redirect_uri !== localRedirectUri(ctx.config.publicUrl, parsed.data.client_id)) return undefined;
        return parsed.data;
      };

      scope.get('/authorize', async (request, reply) => {
        const params = checkRequest(request.query);
        if (!params) return sendInvalidRequest(reply);
        return sendPage(reply, 200, { params });
      });

      scope.post('/authorize', { config: authRateLimit(ctx) }, async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const params = checkRequest(body);
        if (!params) return sendInvalidRequest(reply);
        const person = personSchema.safeParse(body);
        if (!person.success) {
          return sendPage(reply, 400, {
            params,
            name: typeof body.name === 'string' ? body.name : '',
            email: typeof body.email === 'string' ? body.email : '',
            error: person.error.issues[0]?.message ?? 'Datos no válidos.',
          });
        }
        const code = await issueLocalIdpCode(ctx.db, {
          clientId: params.client_id,
          redirectUri: params.redirect_uri,
          codeChallenge: params.code_challenge,
          name: person.data.name,
          email: person.data.email,
        });
        const target = new URL(params.redirect_uri);
        target.searchParams.set('code', code);
        target.searchParams.set('state', params.state);
        return reply.redirect(target.toString(), 302);
      });

      scope.post('/token', { config: authRateLimit(ctx) }, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const parsed = tokenBodySchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          return reply.status(400).send({ error: 'invalid_request', error_description: 'Missing or invalid parameters' });
        }
        const result = await exchangeLocalIdpCode(ctx.db, {
          code: parsed.data.code,
          clientId: parsed.data.client_id,
          redirectUri: parsed.data.redirect_uri,
          codeVerifier: parsed.data.code_verifier,
        });
        if (!result) {
          return reply.status(400).send({
            error: 'invalid_grant',
            error_description: 'The code is unknown, expired, already used, or does not match the client or verifier',
          });
        }
        return reply.send({ access_token: result.accessToken, token_type: 'Bearer', expires_in: result.expiresIn });
      });

      scope.get('/userinfo', async (request, reply) => {
        const token = bearerToken(request);
        const info = token ? await readLocalIdpUserinfo(ctx.db, token) : undefined;
        if (!info) {
          return reply
            .status(401)
            .header('www-authenticate', 'Bearer error="invalid_token"')
            .send({ error: 'invalid_token', message: 'Token de acceso no válido' });
        }
        return reply.header('cache-control', 'no-store').send(info);
      });
    },
    { prefix: LOCAL_IDP_PATH },
  );
}

function sendInvalidRequest(reply: FastifyReply) {
  return reply.status(400).send({
    message: 'Solicitud de autorización no válida para el proveedor de identidad local.',
    code: 'BAD_REQUEST',
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendPage(
  reply: FastifyReply,
  status: number,
  view: { params: AuthorizeParams; name?: string; email?: string; error?: string },
) {
  const { params } = view;
  const provider = providerNames[params.client_id];
  const hidden = (['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method'] as const)
    .map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(params[key])}">`)
    .join('\n        ');
  const cancel = new URL(params.redirect_uri);
  cancel.searchParams.set('error', 'access_denied');
  cancel.searchParams.set('state', params.state);
  const error = view.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(view.error)}</p>` : '';
  const html = `<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Modo local · Iniciar sesión con ${provider} · DIV</title>
  <style>
    :root { color-scheme: light dark; --bg: #f6f7fb; --card: #fff; --text: #111827; --muted: #4b5563; --border: #d1d5db; --accent: #4f46e5; --on-accent: #fff; --badge: #fef3c7; --badge-text: #92400e; --error: #b91c1c; }
    @media (prefers-color-scheme: dark) { :root { --bg: #0b1020; --card: #151b2e; --text: #f3f4f6; --muted: #9ca3af; --border: #374151; --accent: #818cf8; --on-accent: #0b1020; --badge: #422006; --badge-text: #fcd34d; --error: #fca5a5; } }
    * { box-sizing: border-box; }
    body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; padding: 1rem; }
    main { width: 100%; max-width: 26rem; background: var(--card); border: 1px solid var(--border); border-radius: 1rem; padding: 2rem; box-shadow: 0 10px 30px rgb(0 0 0 / 0.08); }
    .badge { display: inline-block; background: var(--badge); color: var(--badge-text); font-weight: 600; font-size: 0.8rem; padding: 0.2rem 0.6rem; border-radius: 999px; letter-spacing: 0.02em; }
    h1 { font-size: 1.4rem; margin: 0.75rem 0 0.5rem; }
    p { color: var(--muted); margin: 0 0 1rem; }
    label { display: block; font-weight: 600; margin: 1rem 0 0.35rem; }
    input[type=text], input[type=email] { width: 100%; padding: 0.65rem 0.75rem; border-radius: 0.5rem; border: 1px solid var(--border); background: transparent; color: var(--text); font: inherit; }
    input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    button { margin-top: 1.5rem; width: 100%; padding: 0.7rem; border: 0; border-radius: 0.5rem; background: var(--accent); color: var(--on-accent); font: inherit; font-weight: 600; cursor: pointer; }
    .cancel { display: block; text-align: center; margin-top: 1rem; color: var(--muted); }
    .error { color: var(--error); font-weight: 600; margin: 1rem 0 0; }
  </style>
</head>
<body>
  <main>
    <span class="badge">Modo local</span>
    <h1>Iniciar sesión con ${provider}</h1>
    <p>Este servidor no tiene claves de ${provider} configuradas, así que un proveedor de identidad local ocupa su lugar. Escribe el nombre y el correo con los que quieres entrar.</p>
    <form method="post" action="${LOCAL_IDP_PATH}/authorize" novalidate>
        ${hidden}
      <label for="name">Nombre</label>
      <input id="name" name="name" type="text" autocomplete="name" required maxlength="100" value="${escapeHtml(view.name ?? '')}" ${view.error ? 'aria-describedby="form-error"' : 'autofocus'}>
      <label for="email">Correo electrónico</label>
      <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(view.email ?? '')}">
      ${error}
      <button type="submit">Continuar</button>
    </form>
    <a class="cancel" href="${escapeHtml(cancel.toString())}">Cancelar</a>
  </main>
</body>
</html>`;
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
