import type { FixErrorRequest, FixErrorResponse, FixOutcomeRequest, FixOutcomeResponse } from '@div/shared/generation';
import { type PlanId, planOf } from '@div/shared/plans';
import { parseOutput } from '@div/site-engine/parse';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { usageEvents } from '../../db/schema/metering';
import { AppError, planRefusal } from '../../lib/errors';
import type { AiProviders } from '../../providers/ai';
import { AiProviderError } from '../../providers/ai';
import { describeAiError } from '../../providers/ai/types';
import type { AuthUser } from '../auth/sessions';
import { recordUsageEvent, releaseMessage, reserveMessage } from '../metering/service';
import { composeFix } from './fix';
import { resolveRequestModel } from './gates';
import { fixMessages } from './prompts';

const QUOTA_MESSAGE = 'Alcanzaste el límite de mensajes de tu plan este mes.';
const CANNOT_FIX = 'No se pudo corregir el problema automáticamente.';

/**
 * Fixes a page that reports an error: one metered message, given back when no fix comes out.
 * A model answers a corrected whole document; the local composer guards inline scripts or says why not.
 */
export async function fixError(opts: {
  ctx: AppContext;
  ai: AiProviders;
  user: AuthUser;
  body: FixErrorRequest;
}): Promise<FixErrorResponse> {
  const { ctx, ai, user, body } = opts;
  const plan = planOf(user.plan).id as PlanId;
  const { option, provider, providerChoice } = await resolveRequestModel({
    ctx,
    ai,
    userId: user.id,
    plan,
    model: body.model,
    provider: body.provider,
  });
  const reservation = await reserveMessage({ db: ctx.db, userId: user.id });
  if (!reservation.ok) throw planRefusal('QUOTA_EXCEEDED', QUOTA_MESSAGE, 'messages', plan);
  const started = Date.now();
  let answer: FixErrorResponse;
  let tokens: number | null = null;
  try {
    if (option.kind === 'composer') {
      answer = composeFix(body.html, body.error);
    } else {
      let text = '';
      const controller = new AbortController();
      for await (const chunk of provider.stream({
        model: option.value,
        provider: providerChoice,
        messages: fixMessages(body.html, body.error),
        signal: controller.signal,
      })) {
        if (chunk.type === 'content') text += chunk.text;
        if (chunk.type === 'usage') tokens = chunk.usage.promptTokens + chunk.usage.completionTokens;
      }
      const parsed = parseOutput(text);
      const html = parsed.files.find((f) => !f.truncated && /\.html?$/i.test(f.path));
      answer = html ? { html: html.content } : { message: parsed.prose.trim().slice(0, 500) || CANNOT_FIX };
    }
  } catch (error) {
    await releaseMessage({ db: ctx.db, userId: user.id, periodEndsAt: reservation.periodEndsAt });
    await recordUsageEvent({
      db: ctx.db,
      userId: user.id,
      feature: 'fix-error',
      model: option.value,
      provider: providerChoice,
      success: false,
      durationMs: Date.now() - started,
      source: 'app',
    });
    if (error instanceof AiProviderError) {
      const described = describeAiError(error);
      throw new AppError(described.status === 429 ? 'RATE_LIMITED' : 'UPSTREAM', described.message);
    }
    throw error;
  }
  const fixed = 'html' in answer;
  if (!fixed) await releaseMessage({ db: ctx.db, userId: user.id, periodEndsAt: reservation.periodEndsAt });
  const eventId = await recordUsageEvent({
    db: ctx.db,
    userId: user.id,
    feature: 'fix-error',
    model: option.value,
    provider: providerChoice,
    success: fixed,
    durationMs: Date.now() - started,
    tokens,
    source: 'app',
  });
  // The editor names this fix when the preview shows the error came back (see `reportFixOutcome`).
  if (fixed && eventId) return { ...answer, fixId: `${eventId}.${reservation.periodEndsAt.getTime()}` };
  return answer;
}

/** How long after a fix its outcome may still be reported. */
const OUTCOME_WINDOW = sql`interval '15 minutes'`;

/**
 * The preview re-ran a fix: when the error came back the fix did not work, and the message it cost
 * is given back. Only the fix's owner, once (its usage event turns unsuccessful in the same
 * statement that finds it), and within 15 minutes; the release applies only in the period it was
 * charged in.
 */
export async function reportFixOutcome(opts: {
  ctx: AppContext;
  user: AuthUser;
  body: FixOutcomeRequest;
}): Promise<FixOutcomeResponse> {
  const { ctx, user, body } = opts;
  if (body.worked) return { refunded: false };
  const [eventId = '', period = ''] = body.fixId.split('.');
  return ctx.db.transaction(async (tx) => {
    const found = await tx
      .update(usageEvents)
      .set({ success: false })
      .where(
        and(
          eq(usageEvents.id, eventId),
          eq(usageEvents.userId, user.id),
          eq(usageEvents.feature, 'fix-error'),
          eq(usageEvents.success, true),
          sql`${usageEvents.createdAt} > now() - ${OUTCOME_WINDOW}`,
        ),
      )
      .returning({ id: usageEvents.id });
    if (found.length === 0) return { refunded: false };
    await releaseMessage({ db: tx, userId: user.id, periodEndsAt: new Date(Number(period)) });
    return { refunded: true };
  });
}
