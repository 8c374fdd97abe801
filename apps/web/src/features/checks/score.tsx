import { clsx } from 'clsx';

/** The check's score (0–100): green from 90, amber from 60, red below; colours that read at 4.5:1 in both themes. */
export function ScoreBadge({ score, label }: { score: number; label?: string }) {
  const tone =
    score >= 90
      ? 'bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200'
      : score >= 60
        ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100'
        : 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200';
  return (
    <span
      className={clsx('inline-flex items-center rounded-full px-2 py-0.5 font-semibold text-xs tabular-nums', tone)}
      data-testid="checks-score"
    >
      {label && <span className="sr-only">{label}: </span>}
      {score}
    </span>
  );
}
