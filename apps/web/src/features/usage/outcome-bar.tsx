import type { UsageResponse } from '@div/shared/usage';
import { useTranslation } from '../../lib/i18n';
import { formatNumber } from '../../lib/number-format';

const SLICES = [
  { key: 'done', bar: 'bg-emerald-500 dark:bg-emerald-400', dot: 'bg-emerald-500 dark:bg-emerald-400' },
  { key: 'refused', bar: 'bg-amber-400 dark:bg-amber-300', dot: 'bg-amber-400 dark:bg-amber-300' },
  { key: 'failed', bar: 'bg-red-500 dark:bg-red-400', dot: 'bg-red-500 dark:bg-red-400' },
] as const;

/**
 * What was asked in the last 30 days, in three slices (issue 43): done, refused by the composer
 * (nothing charged) and failed. The success rate above it is over all three, so four refused prompts
 * no longer leave it at 100 %.
 */
export function OutcomeBar({ usage }: { usage: UsageResponse }) {
  const { t, i18n } = useTranslation('usage');
  const counts = {
    done: usage.succeeded,
    refused: usage.refusals,
    failed: Math.max(0, usage.actions - usage.succeeded),
  };
  const total = counts.done + counts.refused + counts.failed;
  if (total === 0) return <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">{t('cards.nothingAsked')}</p>;
  return (
    <div className="mt-2">
      <div aria-hidden className="flex h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
        {SLICES.map((slice) =>
          counts[slice.key] > 0 ? (
            <div key={slice.key} className={slice.bar} style={{ width: `${(counts[slice.key] / total) * 100}%` }} />
          ) : null,
        )}
      </div>
      <ul aria-label={t('cards.outcomes')} data-testid="success-outcomes" className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {SLICES.map((slice) => (
          <li
            key={slice.key}
            data-outcome={slice.key}
            className="inline-flex items-center gap-1.5 text-slate-600 dark:text-slate-300"
          >
            <span aria-hidden className={`size-2 rounded-full ${slice.dot}`} />
            {t(`cards.${slice.key}`, { count: counts[slice.key], n: formatNumber(counts[slice.key], i18n.language) })}
          </li>
        ))}
      </ul>
    </div>
  );
}
