import { createHmac, hkdfSync } from 'node:crypto';
import { HOUR_MS, PREVIEW_FORMS_PATH } from '@div/shared/constants';
import {
  FORM_LIMITS,
  FORM_MESSAGES,
  PREVIEW_FORMS_TOKEN_HOURS,
  type PreviewFormsToken,
  VISITOR_MESSAGES,
  visitorLanguageOf,
} from '@div/shared/forms';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { loadSecret } from '../../lib/secret';
import { findSpaceAccess } from '../../lib/space-access';
import { safeEqual } from '../../lib/tokens';
import { storeSubmission } from './submit';
import { clientIp, formsRuntimeOf, readSubmission } from './visitor';

/**
 * Test submissions from the editor's preview (ADR 0195). The preview runs in a sandboxed frame with
 * an opaque origin and no access to the owner's session; the editor fetches a token for the space
 * (editors only) and hands it to the frame, whose runtime posts the site's forms here with it. The
 * token only records submissions marked "prueba" for that space: they notify no one and do not
 * count against the allowance. It is an HMAC of the space and its expiry, so nothing is stored.
 */

type KeyConfig = Pick<Config, 'SESSION_SECRET' | 'DATA_DIR'>;
const keys = new WeakMap<object, Buffer>();

function keyOf(config: KeyConfig): Buffer {
  let key = keys.get(config);
  if (!key) {
    // The cookie secret's material (shared by every instance through SESSION_SECRET), derived apart.
    const material = config.SESSION_SECRET ?? loadSecret(config.DATA_DIR, 'cookie-secret');
    key = Buffer.from(hkdfSync('sha256', material, 'div-preview-forms', 'preview-forms-token', 32));
    keys.set(config, key);
  }
  return key;
}

const signatureOf = (config: KeyConfig, spaceId: string, userId: string, expires: number) =>
  createHmac('sha256', keyOf(config)).update(`${spaceId}.${userId}.${expires}`).digest('base64url');

/**
 * `{spaceId}.{userId}.{expiry in unix seconds}.{signature}`, valid PREVIEW_FORMS_TOKEN_HOURS and only
 * while the editor it was given to still edits the space (checked on every use, issue 36 #15).
 */
export function previewFormsToken(config: KeyConfig, spaceId: string, userId: string, now = Date.now()): PreviewFormsToken {
  const expires = Math.floor((now + PREVIEW_FORMS_TOKEN_HOURS * HOUR_MS) / 1000);
  return {
    token: `${spaceId}.${userId}.${expires}.${signatureOf(config, spaceId, userId, expires)}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** The space a token records test submissions for and whose token it is, or null when forged or expired. */
export function spaceOfPreviewToken(
  config: KeyConfig,
  token: string,
  now = Date.now(),
): { spaceId: string; userId: string } | null {
  const match = /^([^.]{1,100})\.([^.]{1,100})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, spaceId, userId, expiresRaw, signature] = match as unknown as [string, string, string, string, string];
  const expires = Number(expiresRaw);
  if (expires * 1000 < now) return null;
  return safeEqual(signature, signatureOf(config, spaceId, userId, expires)) ? { spaceId, userId } : null;
}

const params = z.object({ name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/) });
const query = z.object({ token: z.string().max(300) });

/** `POST /preview/forms/{name}?token=…`, answered as JSON to the preview's runtime script. */
export function registerPreviewFormsRoutes(app: FastifyInstance, ctx: AppContext) {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMITS.bodyBytes },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    // The frame's origin is opaque ("null"): the answer is readable by any origin, and carries nothing
    // but the outcome. The token is checked before the body is read.
    const open = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store');
    scope.addHook('onRequest', async (request, reply) => {
      open(reply);
      const token = new URL(request.url, 'http://app').searchParams.get('token') ?? '';
      const signed = spaceOfPreviewToken(ctx.config, token);
      // The editor it was given to must still edit the space: a removed member's token stops at once.
      const access = signed ? await findSpaceAccess(ctx.db, signed.userId, signed.spaceId) : undefined;
      if (!signed || !access || access.role === 'viewer') {
        return reply.status(401).send({ ok: false, message: FORM_MESSAGES.previewExpired, code: 'UNAUTHENTICATED' });
      }
      request.previewSpaceId = signed.spaceId;
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        `${PREVIEW_FORMS_PATH}/:name`,
        { schema: { params, querystring: query }, bodyLimit: FORM_LIMITS.bodyBytes, config: { public: true } },
        async (request, reply) => {
          const spaceId = request.previewSpaceId as string;
          const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
          const t = VISITOR_MESSAGES[visitorLanguageOf(body.get('_div_lang'))];
          const read = readSubmission(body, undefined, t);
          if ('refused' in read) return reply.status(read.refused.status).send({ ok: false, message: read.refused.message });
          const runtime = formsRuntimeOf(ctx);
          if (!(await runtime.limiter.allow(`preview:${spaceId}`, clientIp(ctx, request.raw)))) {
            return reply.status(429).send({ ok: false, message: t.rate });
          }
          const stored = await storeSubmission(ctx, {
            spaceId,
            formName: request.params.name,
            page: read.page,
            fields: read.fields,
            spamReason: null,
            test: true,
          });
          if (!stored) return reply.status(404).send({ ok: false, message: t.badForm });
          if ('full' in stored) return reply.status(429).send({ ok: false, message: t.full });
          return { ok: true, message: FORM_MESSAGES.previewSaved };
        },
      );
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The space a preview token named (preview test submissions). */
    previewSpaceId?: string;
  }
}
