import { planOf } from '@div/shared/plans';
import { clsx } from 'clsx';
import { Crown, Gift, Rocket, Zap } from 'lucide-react';

const looks = {
  free: {
    icon: Gift,
    className: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  },
  small: { icon: Zap, className: 'bg-sky-100 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-700' },
  medium: {
    icon: Rocket,
    className: 'bg-violet-100 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-700',
  },
  pro: {
    icon: Crown,
    className: 'bg-amber-100 text-amber-800 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-700',
  },
} as const;

/** The plan's name with its icon and colour; an unknown plan shows as free. */
export function PlanBadge({ plan }: { plan: string }) {
  const known = planOf(plan);
  const look = looks[known.id];
  const Icon = look.icon;
  return (
    <span
      data-testid="plan-badge"
      data-plan={known.id}
      className={clsx('inline-flex items-center gap-1.5 rounded-full px-3 py-1 font-semibold text-sm ring-1', look.className)}
    >
      <Icon aria-hidden className="size-4" />
      {known.name}
    </span>
  );
}
