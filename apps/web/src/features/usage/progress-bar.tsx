import { progressColor } from '@div/shared/usage-display';
import { clsx } from 'clsx';

const colours = { green: 'bg-emerald-500', yellow: 'bg-amber-500', red: 'bg-red-500' } as const;

/** A bar coloured by how much is used: green below 70 %, amber from 70 %, red from 90 %. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const colour = progressColor(percent);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-color={colour}
      className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div className={clsx('h-full rounded-full transition-[width]', colours[colour])} style={{ width: `${percent}%` }} />
    </div>
  );
}
