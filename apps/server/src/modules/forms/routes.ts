import { Readable } from 'node:stream';
import { HOUR_MS } from '@div/shared/constants';
import {
  FORM_LIMITS,
  FORM_MESSAGES,
  formSettingsSchema,
  listSubmissionsQuerySchema,
  previewFormsTokenSchema,
  submissionFolders,
  submissionListSchema,
  submissionSchema,
  testSendResultSchema,
  testSendSchema,
  updateFormSettingsSchema,
  updateSubmissionSchema,
} from '@div/shared/forms';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { spaces } from '../../db/schema/spaces';
import { AppError } from '../../lib/errors';
import { idParams, resourceId } from '../../lib/params';
import { requireSpaceAccess, spaceRole } from '../../lib/space-access';
import { requireUser } from '../auth/sessions';
import { callWebhook, emailNotice, runDigests, runDueDeliveries, webhookPayload } from './deliveries';
import { submissionsCsv } from './export';
import { mailConfirmation, needsConfirmation, registerConfirmRoute, renewConfirmation } from './notify-address';
import { previewFormsToken } from './preview';
import { slugOfFormName } from './rewrite';
import {
  deleteAllSubmissions,
  deleteSubmission,
  getFormSettings,
  getSubmission,
  type InboxScope,
  listSubmissions,
  pruneSubmissions,
  settingsRow,
  updateFormSettings,
  updateSubmission,
} from './service';
import { setFormsRuntime } from './visitor';

const submissionParams = idParams.extend({ submissionId: resourceId });
const folderQuery = z.object({ folder: z.enum(submissionFolders).default('inbox'), q: z.string().trim().max(200).optional() });

/**
 * The owner's side of forms (issue 23): the inbox of a space, its notification settings and test
 * sends. Editors read and manage the inbox; only the owner changes where notices go (ADR 0194).
 */
export function registerFormsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Test sends reach an address or URL the owner chose: a few an hour per space (issue 36), counted
  // in this process.
  const testSends = new RateLimiterMemory({ points: FORM_LIMITS.testSendsPerHour, duration: 3600, keyPrefix: 'div:forms:test' });
  // Confirmation mails go to a third party too: a few an hour per owner, whatever the space (ADR 0249).
  const confirmations = new RateLimiterMemory({
    points: FORM_LIMITS.confirmationsPerHour,
    duration: 3600,
    keyPrefix: 'div:forms:confirm',
  });
  const consumeConfirmation = async (ownerId: string) => {
    try {
      await confirmations.consume(ownerId);
    } catch {
      throw new AppError('RATE_LIMITED', FORM_MESSAGES.confirmationRateLimited);
    }
  };
  /** Mails a confirmation link; a failure leaves the address pending (the owner may resend), and is logged. */
  const sendConfirmation = async (to: string, token: string) => {
    try {
      await mailConfirmation(ctx, to, token);
      return true;
    } catch (err) {
      ctx.log.warn({ err }, 'notice address confirmation not sent');
      return false;
    }
  };
  registerConfirmRoute(api, ctx);
  const scopeOf = async (request: FastifyRequest): Promise<InboxScope> => {
    const user = await requireUser(ctx, request);
    const access = await requireSpaceAccess(ctx.db, request, user.id, (request.params as { id: string }).id);
    return { db: ctx.db, spaceId: access.spaceId, ownerId: access.ownerId, ownerPlan: access.ownerPlan };
  };

  api.get(
    '/spaces/:id/submissions',
    {
      schema: { params: idParams, querystring: listSubmissionsQuerySchema, response: { 200: submissionListSchema } },
      ...spaceRole('editor'),
    },
    async (request) => listSubmissions(await scopeOf(request), request.query),
  );

  api.get(
    '/spaces/:id/submissions/export.csv',
    { schema: { params: idParams, querystring: folderQuery }, ...spaceRole('editor') },
    async (request, reply) => {
      const scope = await scopeOf(request);
      // Named after the project, not its id (issue 43): "envios-panaderia-la-espiga.csv".
      const [space] = await ctx.db.select({ name: spaces.name }).from(spaces).where(eq(spaces.id, scope.spaceId)).limit(1);
      const file = `envios-${slugOfFormName(space?.name ?? '') || scope.spaceId}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(Readable.from(submissionsCsv(scope, request.query.folder, request.query.q)));
    },
  );

  api.get(
    '/spaces/:id/submissions/:submissionId',
    { schema: { params: submissionParams, response: { 200: submissionSchema } }, ...spaceRole('editor') },
    async (request) => getSubmission(await scopeOf(request), request.params.submissionId),
  );

  api.patch(
    '/spaces/:id/submissions/:submissionId',
    {
      schema: { params: submissionParams, body: updateSubmissionSchema, response: { 200: submissionSchema } },
      ...spaceRole('editor'),
    },
    async (request) => updateSubmission(await scopeOf(request), request.params.submissionId, request.body),
  );

  api.delete(
    '/spaces/:id/submissions/:submissionId',
    { schema: { params: submissionParams }, ...spaceRole('editor') },
    async (request, reply) => {
      await deleteSubmission(await scopeOf(request), request.params.submissionId);
      return reply.status(204).send();
    },
  );

  api.delete(
    '/spaces/:id/submissions',
    { schema: { params: idParams, querystring: folderQuery.pick({ folder: true }) }, ...spaceRole('editor') },
    async (request) => ({ deleted: await deleteAllSubmissions(await scopeOf(request), request.query.folder) }),
  );

  // The editor's preview records test submissions with this (ADR 0195); editors, like the inbox.
  api.get(
    '/spaces/:id/forms/preview-token',
    { schema: { params: idParams, response: { 200: previewFormsTokenSchema } }, ...spaceRole('editor') },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const scope = await scopeOf(request);
      reply.header('cache-control', 'no-store');
      return previewFormsToken(ctx.config, scope.spaceId, user.id);
    },
  );

  api.get(
    '/spaces/:id/form-settings',
    { schema: { params: idParams, response: { 200: formSettingsSchema } }, ...spaceRole('owner') },
    async (request) => getFormSettings(ctx.db, (await scopeOf(request)).spaceId),
  );

  api.patch(
    '/spaces/:id/form-settings',
    {
      schema: { params: idParams, body: updateFormSettingsSchema, response: { 200: formSettingsSchema } },
      ...spaceRole('owner'),
    },
    async (request) => {
      const scope = await scopeOf(request);
      const { notifyEmail } = request.body;
      if (notifyEmail !== undefined) {
        const current = await settingsRow(ctx.db, scope.spaceId);
        if (needsConfirmation(notifyEmail, current.notifyEmail, current.ownerEmail)) await consumeConfirmation(scope.ownerId);
      }
      const { settings, confirm } = await updateFormSettings(ctx.db, scope.spaceId, request.body);
      if (confirm) await sendConfirmation(confirm.to, confirm.token);
      return settings;
    },
  );

  // "Reenviar confirmación": a new link for a pending address; the earlier one stops working.
  api.post(
    '/spaces/:id/form-settings/confirmation',
    { schema: { params: idParams, response: { 200: testSendResultSchema } }, ...spaceRole('owner') },
    async (request) => {
      const scope = await scopeOf(request);
      const current = await getFormSettings(ctx.db, scope.spaceId);
      if (current.notifyEmailStatus !== 'pending') throw new AppError('CONFLICT', FORM_MESSAGES.confirmationNotNeeded);
      await consumeConfirmation(scope.ownerId);
      const renewed = await renewConfirmation(ctx.db, scope.spaceId);
      if (!renewed) throw new AppError('CONFLICT', FORM_MESSAGES.confirmationNotNeeded);
      const sent = await sendConfirmation(renewed.to, renewed.token);
      return sent
        ? { ok: true, message: FORM_MESSAGES.confirmationSent }
        : { ok: false, message: `${FORM_MESSAGES.testFailed} el servidor de correo no respondió.` };
    },
  );

  api.post(
    '/spaces/:id/form-settings/test',
    { schema: { params: idParams, body: testSendSchema, response: { 200: testSendResultSchema } }, ...spaceRole('owner') },
    async (request) => {
      const scope = await scopeOf(request);
      try {
        await testSends.consume(scope.spaceId);
      } catch {
        throw new AppError('RATE_LIMITED', FORM_MESSAGES.testRateLimited);
      }
      const settings = await getFormSettings(ctx.db, scope.spaceId);
      if (request.body.channel === 'email' && settings.notifyEmailStatus === 'pending') {
        throw new AppError('CONFLICT', FORM_MESSAGES.notifyEmailPending);
      }
      const notice = {
        id: 'test',
        spaceId: scope.spaceId,
        spaceName: 'prueba',
        formName: 'contacto',
        page: '/',
        createdAt: new Date(),
        email: null,
        fields: [
          { name: 'nombre', value: 'Visitante de prueba' },
          { name: 'mensaje', value: 'Este es un envío de prueba desde DIV.' },
        ],
        test: true,
      };
      try {
        if (request.body.channel === 'email') {
          const sent = await emailNotice(ctx, notice);
          if (!sent) return { ok: false, message: FORM_MESSAGES.testEmailNoRecipient };
          return {
            ok: true,
            message: sent.via === 'smtp' ? FORM_MESSAGES.testEmailSent(sent.to) : FORM_MESSAGES.testEmailKeptLocally(sent.to),
          };
        }
        if (!settings.webhookUrl) throw new AppError('BAD_REQUEST', FORM_MESSAGES.noWebhook);
        const eventId = `evt_test_${Date.now()}`;
        await callWebhook(ctx, settings.webhookUrl, settings.webhookSecret, eventId, webhookPayload(eventId, notice));
        return { ok: true, message: FORM_MESSAGES.testWebhookSent };
      } catch (error) {
        if (error instanceof AppError) throw error;
        return { ok: false, message: `${FORM_MESSAGES.testFailed} ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  );
}

/**
 * The forms runtime of this instance: the visitors' rate limiter, the delivery loop (polled, and
 * nudged right after each submission), the daily digests and the retention job.
 */
export function startForms(app: FastifyInstance, ctx: AppContext): void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void (async () => {
      try {
        do {
          again = false;
          while ((await runDueDeliveries(ctx)) > 0) {}
        } while (again);
      } catch (err) {
        ctx.log.warn({ err }, 'form deliveries failed');
      } finally {
        running = false;
      }
    })();
  };
  const closeLimiter = setFormsRuntime(ctx, run);
  const poll = setInterval(run, ctx.config.FORMS_DELIVERY_POLL_MS);
  const hourly = setInterval(() => {
    runDigests(ctx).catch((err) => ctx.log.warn({ err }, 'form digests failed'));
    pruneSubmissions({ db: ctx.db })
      .then((deleted) => deleted > 0 && ctx.log.info({ deleted }, 'old form submissions pruned'))
      .catch((err) => ctx.log.warn({ err }, 'form retention failed'));
  }, HOUR_MS);
  poll.unref();
  hourly.unref();
  app.addHook('onClose', async () => {
    clearInterval(poll);
    clearInterval(hourly);
    closeLimiter();
  });
}
