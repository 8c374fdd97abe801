// One generation, from the reserved message to the saved version, answered as an NDJSON stream
// (issue 5, ADR 0284): the flow routes.ts and the developer API delegate to.
import { PassThrough } from 'node:stream';
import type { GenerateRequest, GenerationEvent } from '@div/shared/generation';
import {
  AUTO_PROVIDER,
  type ModelOption,
  maxTokensFor,
  type ProviderId,
  providers as providerCatalogue,
} from '@div/shared/models';
import { encodeNdjson, NDJSON_CONTENT_TYPE } from '@div/shared/ndjson';
import { type PlanId, planOf } from '@div/shared/plans';
import { isStarterSite } from '@div/shared/spaces';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, planRefusal } from '../../lib/errors';
import { activeGenerations } from '../../lib/metrics';
import { SHUTDOWN_MESSAGE, SHUTDOWN_REASON } from '../../lib/shutdown';
import { AiProviderError, type aiProvidersFor } from '../../providers/ai';
import { describeAiError } from '../../providers/ai/types';
import { listImages } from '../assets/service';
import type { AuthUser } from '../auth/sessions';
import { holdReservation, releaseReservation, renewReservation, settleReservation } from '../metering/reservations';
import { recordUsageEvent, reserveMessage } from '../metering/service';
import { profileAfterGeneration, readProfile, writeProfile } from '../profile/service';
import { getSpaceFiles } from '../spaces/service';
import { appendVersion } from '../spaces/versions';
import { resolveRequestModel } from './gates';
import { buildMessages, estimateTokens, isFollowUp } from './prompts';
import type { GenerationRegistry } from './registry';
import { outOfScope, scopeSelection } from './scope';
import { GenerationFailure, generate } from './service';

export const GENERATION_MESSAGES = {
  quota: 'Alcanzaste el límite de mensajes de tu plan este mes.',
  busy: 'Ya hay una generación en curso en este proyecto. Espera a que termine o detenla.',
  spaceRequired: 'Falta el proyecto en el que generar (spaceId).',
  failed: 'La generación falló. Inténtalo de nuevo.',
} as const;

/** Runs one generation and answers it as an NDJSON stream on `reply` (also used by the developer API). */
export async function runGenerationRequest(opts: {
  ctx: AppContext;
  ai: ReturnType<typeof aiProvidersFor>;
  registry: GenerationRegistry;
  /** Whose plan, allowance and space (the space's owner). */
  user: Pick<AuthUser, 'id' | 'plan'>;
  /** Who asks (a member, or the owner); the version is theirs. Defaults to `user`. */
  actor?: Pick<AuthUser, 'id' | 'name'>;
  body: GenerateRequest;
  reply: FastifyReply;
  /**
   * A call of the developer API: its usage event is the generation's own (source 'api', the route's
   * feature), so one call is one action; `accounted` tells the API not to record the call again.
   */
  apiCall?: { feature: string; accounted: () => void };
}) {
  const { ctx, ai, registry, user, body, reply } = opts;
  const plan = planOf(user.plan).id as PlanId;
  const { option, provider, providerChoice } = await resolveRequestModel({
    ctx,
    ai,
    userId: user.id,
    plan,
    model: body.model,
    provider: body.provider,
  });
  if (!body.spaceId) throw new AppError('BAD_REQUEST', GENERATION_MESSAGES.spaceRequired);
  const spaceId = body.spaceId;
  const [{ files: stored }, images] = await Promise.all([
    getSpaceFiles({ db: ctx.db, userId: user.id, spaceId }),
    listImages(ctx, spaceId),
  ]);
  const files = isStarterSite(stored) ? [] : stored;
  // What was understood of the site ("Lo que entendí", ADR 0254) goes to a model as context.
  const profile = files.length ? await readProfile(ctx.db, spaceId) : null;
  const { selectedElement, scope } = scopeSelection(files, body.selectedElement);
  const input = {
    prompt: body.prompt,
    files,
    previousPrompt: body.previousPrompt,
    selectedElement,
    redesignMarkdown: body.redesignMarkdown,
    activeFileId: body.activeFileId,
    images: images.map((i) => ({
      name: i.name,
      width: i.width,
      height: i.height,
      bytes: i.bytes,
      alt: i.alt,
      createdAt: i.createdAt.toISOString(),
    })),
    profile,
  };
  if (option.kind === 'router') {
    const tokens = estimateTokens(buildMessages({ ...input, thinker: option.isThinker }));
    const max = maxTokensOf(option, providerChoice);
    if (tokens > max.tokens) {
      throw new AppError(
        'BAD_REQUEST',
        `El prompt y el código actual (unos ${tokens.toLocaleString('es')} tokens) superan el límite de ${max.tokens.toLocaleString('es')} tokens de ${max.name}. Elige otro proveedor o acorta el prompt.`,
        { openSelectProvider: true },
      );
    }
  }

  const actorId = opts.actor?.id ?? user.id;
  const claim = await registry.start(spaceId, actorId);
  if (!claim) throw new AppError('CONFLICT', GENERATION_MESSAGES.busy);
  activeGenerations.inc();
  const started = Date.now();
  const feature = opts.apiCall?.feature ?? (isFollowUp(input) ? 'edit' : 'generate');
  const source = opts.apiCall ? 'api' : 'app';
  let stream: PassThrough | null = null;
  let keepalive: NodeJS.Timeout | undefined;
  let leaseRenewal: NodeJS.Timeout | undefined;
  const onClose = () => {
    if (!reply.raw.writableFinished) claim.controller.abort();
  };
  reply.raw.on('close', onClose);
  // Shutdown stops the generation; the catch below gives its message back before the database closes (ADR 0125).
  const onShutdown = () => claim.controller.abort(SHUTDOWN_REASON);
  ctx.shutdown?.addEventListener('abort', onShutdown);
  if (ctx.shutdown?.aborted) onShutdown();
  try {
    // The message and its leased reservation are written together (ADR 0121): if this process dies,
    // the lease runs out and another instance (or this one restarted) gives the message back.
    const leaseMs = ctx.config.RESERVATION_LEASE_MS;
    let reservationId = '';
    const reservation = await ctx.db.transaction(async (tx) => {
      const reserved = await reserveMessage({ db: tx, userId: user.id });
      if (reserved.ok) {
        reservationId = await holdReservation({ db: tx, userId: user.id, periodEndsAt: reserved.periodEndsAt, leaseMs });
      }
      return reserved;
    });
    if (!reservation.ok) throw planRefusal('QUOTA_EXCEEDED', GENERATION_MESSAGES.quota, 'messages', plan);
    // From here on this generation records its own outcome (or, for a refusal or a stop, none).
    opts.apiCall?.accounted();
    leaseRenewal = setInterval(() => {
      renewReservation({ db: ctx.db, id: reservationId, leaseMs }).catch((e) =>
        ctx.log.warn({ err: e }, 'could not renew a message reservation'),
      );
    }, leaseMs / 3);

    const commit = (): PassThrough => {
      if (stream) return stream;
      stream = new PassThrough();
      reply
        .status(200)
        .header('content-type', NDJSON_CONTENT_TYPE)
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      void reply.send(stream);
      return stream;
    };
    const armKeepalive = () => {
      if (keepalive) clearTimeout(keepalive);
      keepalive = setTimeout(() => emit({ type: 'keepalive' }), ctx.config.GENERATION_KEEPALIVE_MS);
    };
    // Events queued in one turn of the event loop go out in one write; consecutive code deltas of a
    // file merge into one event (fewer lines to parse when tokens arrive faster than the socket drains).
    let pending: GenerationEvent[] = [];
    let scheduled = false;
    const flush = () => {
      scheduled = false;
      if (pending.length === 0) return;
      let out = '';
      for (const event of pending) out += encodeNdjson(event);
      pending = [];
      commit().write(out);
    };
    const emit = (event: GenerationEvent) => {
      if (claim.controller.signal.aborted) return;
      const last = pending[pending.length - 1];
      if (event.type === 'code' && last?.type === 'code' && last.path === event.path) last.delta += event.delta;
      else pending.push({ ...event });
      // The first event goes out at once (time to first byte); later ones are batched per event-loop turn.
      if (!stream) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      armKeepalive();
    };
    armKeepalive();

    try {
      const result = await generate({ provider, option, providerChoice, input, signal: claim.controller.signal, emit });
      // An answer reaching outside the selected element is not applied unasked (ADR 0201).
      const refusal = outOfScope(files, result.files, result.changed, scope);
      if (refusal) throw refusal;
      const nextFiles = Object.entries(result.files).map(([path, content]) => ({ path, content }));
      const version = await ctx.db.transaction(async (tx) => {
        const appended = await appendVersion({
          tx,
          spaceId,
          files: nextFiles,
          prompt: body.prompt,
          source: 'generation',
          userId: user.id,
          authorId: actorId,
        });
        // The first generation keeps what it read from the brief; a follow-up, the facts it changed.
        const nextProfile = profileAfterGeneration({ prompt: body.prompt, stored: profile, before: files, after: nextFiles });
        if (nextProfile) await writeProfile(tx, spaceId, nextProfile.profile, nextProfile.brief);
        await settleReservation({ db: tx, id: reservationId });
        await recordUsageEvent({
          db: tx,
          userId: user.id,
          feature,
          model: option.value,
          provider: providerChoice,
          success: true,
          durationMs: Date.now() - started,
          tokens: result.tokens,
          source,
        });
        return appended.version;
      });
      // The others in the space see the new files at once (issue 25, ADR 0213).
      ctx.realtime?.filesChanged(spaceId, { type: 'changed', reason: 'generation', by: opts.actor?.name ?? null });
      emit({ type: 'files', files: result.changed, updatedLines: result.updatedLines });
      if (result.edits.length) emit({ type: 'edits', results: result.edits });
      emit({
        type: 'done',
        versionId: version.id,
        messagesUsed: reservation.messagesUsed,
        messagesLimit: reservation.messagesLimit,
        ...(result.said ? { said: result.said } : {}),
        ...(result.notDone ? { notDone: result.notDone } : {}),
      });
      flush();
    } catch (error) {
      await releaseReservation({ db: ctx.db, id: reservationId }).catch((e) =>
        ctx.log.error({ err: e }, 'could not give back a reserved message'),
      );
      const aborted = claim.controller.signal.aborted || (error instanceof AiProviderError && error.kind === 'aborted');
      // What was produced before the failure still goes out (and the stream has then started).
      if (!aborted) flush();
      // A refusal that charged nothing (the local composer declining, or a change outside the selection
      // awaiting confirmation) is neither a success nor a failure: usage counts it apart (ADR 0189, 0267).
      if (!aborted) {
        await recordUsageEvent({
          db: ctx.db,
          userId: user.id,
          feature,
          model: option.value,
          provider: providerChoice,
          success: false,
          refused: isRefusal(error, provider.kind),
          durationMs: Date.now() - started,
          source,
        }).catch((e) => ctx.log.error({ err: e }, 'could not record a failed generation'));
      }
      const failure = describeFailure(error);
      if (failure.status >= 500 && !(error instanceof AiProviderError) && !(error instanceof GenerationFailure)) {
        ctx.log.error({ err: error }, 'generation failed');
      }
      if (aborted && claim.controller.signal.reason === SHUTDOWN_REASON) {
        const unavailable = { message: SHUTDOWN_MESSAGE, code: 'UNAVAILABLE' };
        if (!stream && !reply.sent) return reply.status(503).send(unavailable);
        if (stream) (stream as PassThrough).write(encodeNdjson({ type: 'error', ...unavailable }));
      } else if (aborted) {
        // The client left or asked to stop: nothing more to say on this stream.
        if (!stream && !reply.sent) return reply.status(499).send({ message: failure.message, code: 'ABORTED' });
      } else if (!stream) {
        return reply.status(failure.status).send({ message: failure.message, code: failure.code, ...failure.extra });
      } else {
        (stream as PassThrough).write(
          encodeNdjson({ type: 'error', message: failure.message, code: failure.code, ...failure.extra }),
        );
      }
    }
    return reply;
  } finally {
    if (keepalive) clearTimeout(keepalive);
    if (leaseRenewal) clearInterval(leaseRenewal);
    (stream as PassThrough | null)?.end();
    reply.raw.off('close', onClose);
    ctx.shutdown?.removeEventListener('abort', onShutdown);
    claim.finish();
    activeGenerations.dec();
  }
}

/** The local composer declined, or the answer awaits the person's confirmation: not a failed generation. */
function isRefusal(error: unknown, kind: 'router' | 'composer'): boolean {
  if (error instanceof GenerationFailure) return kind === 'composer';
  return error instanceof AppError && error.code === 'OUT_OF_SCOPE';
}

function describeFailure(error: unknown): { status: number; code: string; message: string; extra?: Record<string, unknown> } {
  if (error instanceof AiProviderError) return describeAiError(error);
  if (error instanceof GenerationFailure) return { status: 422, code: error.code, message: error.message };
  if (error instanceof AppError)
    return { status: error.status, code: error.code, message: error.message, extra: error.extra ?? {} };
  return { status: 500, code: 'INTERNAL', message: GENERATION_MESSAGES.failed };
}

/** The largest request for this model and provider choice, with the name of whose limit it is. */
function maxTokensOf(option: ModelOption, providerChoice: string): { tokens: number; name: string } {
  const tokens = maxTokensFor(option, providerChoice);
  const id = (providerChoice !== AUTO_PROVIDER ? providerChoice : option.autoProvider) as ProviderId | null;
  const name = id && id in providerCatalogue ? providerCatalogue[id].name : option.label;
  return { tokens, name };
}
