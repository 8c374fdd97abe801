import {
  type DeveloperPlanId,
  developerPlanIds,
  developerPlans,
  formatCount,
  type PlanId,
  planIds,
  plans,
} from '@div/shared/plans';
import { CheckCircle2, Loader2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { paths } from '../lib/paths';
import { useProfile } from '../lib/profile';
import { useStoredSession } from '../lib/session';
import './checkout-locale';

/** How long the page waits for the provider's webhook before saying the plan comes a little later. */
const WAIT_MS = 30_000;
const POLL_MS = 1_500;

/** The plan of `kind` named `key`, with its monthly allowance (-1: unlimited). */
function boughtPlan(kind: 'regular' | 'developer', key: string) {
  if (kind === 'regular') {
    if (!(planIds as readonly string[]).includes(key)) return null;
    const plan = plans[key as PlanId];
    return { name: plan.name, unit: 'messages', perMonth: plan.messagesPerMonth } as const;
  }
  if (!(developerPlanIds as readonly string[]).includes(key)) return null;
  const plan = developerPlans[key as DeveloperPlanId];
  return { name: plan.name, unit: 'requests', perMonth: plan.requestsPerMonth } as const;
}

/**
 * Where a checkout comes back (`?checkout=success&plan=…` or `?checkout=cancel`, local and Stripe
 * alike): a clear state naming the plan bought and its allowance once the account has it; until the
 * webhook has applied it, a wait that asks the profile again.
 */
export function CheckoutResult({ kind }: { kind: 'regular' | 'developer' }) {
  const { t } = useTranslation('checkout');
  const [params, setParams] = useSearchParams();
  const state = params.get('checkout');
  const key = params.get('plan') ?? '';
  const session = useStoredSession();
  const profile = useProfile({ enabled: Boolean(session) && state === 'success', staleTime: 0 });
  const [late, setLate] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const bought = boughtPlan(kind, key);
  const has = kind === 'regular' ? profile.data?.plan : profile.data?.developerPlan;
  const applied = state === 'success' && bought !== null && has === key;
  const waiting = state === 'success' && bought !== null && !applied;

  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > WAIT_MS) {
        setLate(true);
        clearInterval(timer);
      } else void profile.refetch();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, profile.refetch]);

  const phase = state === 'cancel' ? 'cancel' : applied ? 'applied' : waiting ? (late ? 'late' : 'pending') : null;
  useEffect(() => {
    if (phase) heading.current?.focus();
  }, [phase]);
  if (!phase) return null;

  const dismiss = () =>
    setParams(
      (current) => {
        current.delete('checkout');
        current.delete('plan');
        return current;
      },
      { replace: true },
    );
  const title =
    phase === 'applied'
      ? t('success', { plan: bought?.name })
      : phase === 'pending'
        ? t('pending', { plan: bought?.name })
        : phase === 'late'
          ? t('late', { plan: bought?.name })
          : t('cancelled');
  const body =
    phase === 'applied'
      ? t('allowance', {
          allowance:
            bought?.perMonth === -1
              ? t(`unlimited.${bought.unit}`)
              : t(`perMonth.${bought?.unit}`, { n: formatCount(bought?.perMonth ?? 0) }),
        })
      : phase === 'pending'
        ? t('pendingBody')
        : phase === 'late'
          ? t('lateBody')
          : t('cancelledBody');
  const tone =
    phase === 'applied'
      ? 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50'
      : 'border-slate-300 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50';

  return (
    <section
      role="status"
      data-testid="checkout-result"
      data-phase={phase}
      className={`mx-auto mt-8 max-w-2xl rounded-2xl border p-5 shadow-sm ${tone}`}
    >
      <div className="flex items-start gap-3">
        {phase === 'pending' ? (
          <Loader2 className="mt-0.5 size-6 shrink-0 animate-spin" aria-hidden />
        ) : (
          <CheckCircle2 className="mt-0.5 size-6 shrink-0" aria-hidden />
        )}
        <div className="min-w-0 flex-1">
          <h2 ref={heading} tabIndex={-1} className="font-bold text-lg outline-none">
            {title}
          </h2>
          <p className="mt-1 text-sm">{body}</p>
          {phase === 'applied' && (
            <p className="mt-3 flex flex-wrap gap-3 text-sm">
              <Link
                to={paths.spaces}
                className="rounded-lg bg-indigo-700 px-3 py-2 font-semibold text-white hover:bg-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2"
              >
                {t('spaces')}
              </Link>
              <Link
                to={paths.usage}
                className="rounded-lg px-3 py-2 font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                {t('usage')}
              </Link>
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t('dismiss')}
          className="rounded-lg p-1.5 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-white/10"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </section>
  );
}
