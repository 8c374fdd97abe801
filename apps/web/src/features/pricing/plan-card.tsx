import { type Plan, planFeatureList } from '@div/shared/plans';
import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import './locale';

/** One plan of the catalogue: price, messages, features, restrictions and its button. */
export function PlanCard({
  plan,
  current,
  pending,
  onChoose,
}: {
  plan: Plan;
  current: boolean;
  pending: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const label = current ? t('current') : pending ? t('redirecting') : plan.priceId ? t('select') : t('startFree');
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      data-plan={plan.id}
      data-current={current || undefined}
      className={clsx(
        'relative flex w-full flex-col rounded-3xl border bg-white p-7 shadow-sm dark:bg-slate-900',
        current
          ? 'border-emerald-500 ring-2 ring-emerald-500'
          : plan.popular
            ? 'border-indigo-500 ring-2 ring-indigo-500'
            : 'border-slate-200 dark:border-slate-800',
      )}
    >
      {(plan.popular || current) && (
        <p
          className={clsx(
            '-top-3 -translate-x-1/2 absolute left-1/2 whitespace-nowrap rounded-full px-3 py-1 font-semibold text-white text-xs',
            current ? 'bg-emerald-700' : 'bg-indigo-600',
          )}
        >
          {current ? t('current') : t('popular')}
        </p>
      )}
      <h2 id={`plan-${plan.id}`} className="font-semibold text-lg text-slate-900 dark:text-white">
        {plan.name}
      </h2>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-400">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="font-extrabold text-4xl text-slate-900 tracking-tight dark:text-white">{plan.priceText}</span>
        <span className="text-slate-600 text-sm dark:text-slate-400">{t('perMonth')}</span>
      </p>
      <button
        type="button"
        onClick={onChoose}
        disabled={current || pending}
        // Three cards share one label: the accessible name says which plan (WCAG 2.4.6).
        aria-label={`${label}: ${plan.name}`}
        className={clsx(
          'mt-6 w-full rounded-xl px-4 py-3 font-semibold text-sm transition disabled:cursor-not-allowed',
          current
            ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
            : plan.popular
              ? 'bg-indigo-600 text-white hover:bg-indigo-500 disabled:opacity-70'
              : 'bg-slate-900 text-white hover:bg-slate-700 disabled:opacity-70 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200',
        )}
      >
        {label}
      </button>
      <h3 className="mt-7 font-semibold text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">{t('includes')}</h3>
      <ul className="mt-3 space-y-2 text-sm">
        {planFeatureList(plan).map((feature) => (
          <li key={feature} className="flex gap-2 text-slate-700 dark:text-slate-300">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
            {feature}
          </li>
        ))}
      </ul>
      {plan.restrictions.length > 0 && (
        <>
          <h3 className="mt-5 font-semibold text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">{t('lacks')}</h3>
          <ul className="mt-3 space-y-2 text-sm">
            {plan.restrictions.map((restriction) => (
              <li key={restriction} className="flex gap-2 text-slate-600 dark:text-slate-400">
                <X aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {restriction}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
