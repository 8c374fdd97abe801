import type { FixErrorRequest, FixErrorResponse } from '@div/shared/generation';
import { type PlanId, planOf } from '@div/shared/plans';
import { parseOutput } from '@div/site-engine/parse';
import type { AppContext } from '../../context';
import { AppError, planRefusal } from '../../lib/errors';
import type { AiProviders } from '../../providers/ai';
import { AiProviderError } from '../../providers/ai';
import type { AuthUser } from '../auth/sessions';
import { recordUsageEvent, releaseMessage, reserveMessage } from '../metering/service';
import { composeFix } from './fix';
import { resolveRequestModel } from './gates';
import { fixMessages } from './prompts';
import { describeAiError } from './service';

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
  await recordUsageEvent({
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
  return answer;
}
