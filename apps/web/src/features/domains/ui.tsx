import { PUBLISHING_MESSAGES } from '@div/shared/publishing';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import './locale';

export const button =
  'inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 font-medium text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';
export const primary = `${button} bg-indigo-600 text-white hover:bg-indigo-700`;
export const secondary = `${button} border border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800`;
export const input =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:bg-slate-950 dark:text-white';

/** The plan gate: what the feature does and a way to the plans. */
export function Upsell({ text }: { text: string }) {
  const { t } = useTranslation('domains');
  return (
    <div
      data-testid="publishing-upsell"
      className="rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-sm dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <p className="flex items-center gap-2 font-semibold text-indigo-900 dark:text-indigo-200">
        <Sparkles aria-hidden className="size-4" />
        {t('upsell.title')}
      </p>
      <p className="mt-1 text-indigo-800 dark:text-indigo-300">{text}</p>
      <p className="mt-1 text-indigo-800/80 dark:text-indigo-300/80">{PUBLISHING_MESSAGES.planRequired}</p>
      <Link to={paths.pricing} className={`${primary} mt-3`}>
        {t('upsell.cta')}
      </Link>
    </div>
  );
}
