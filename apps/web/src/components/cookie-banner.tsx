import { Cookie } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { getConsent, storeConsent } from '../lib/consent';
import { useTranslation } from '../lib/i18n';
import './shell-locale';

/**
 * The cookie consent banner (spec section 4): shown while no consent entry exists. It is a
 * non-blocking dialog at the bottom of the screen: the page stays usable by keyboard and screen
 * readers, and the banner is early in the tab order so keyboard users reach it first.
 */
export function CookieBanner({ onAccept }: { onAccept?: () => void }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(() => getConsent() === null);
  const titleId = useId();
  const bodyId = useId();
  if (!open) return null;

  const choose = (acceptAll: boolean) => {
    storeConsent(acceptAll);
    setOpen(false);
    if (acceptAll) onAccept?.();
  };

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white/95 p-5 shadow-2xl backdrop-blur sm:inset-x-auto sm:right-4 sm:bottom-4 dark:border-slate-700 dark:bg-slate-900/95"
    >
      <div className="flex items-start gap-3">
        <Cookie aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-500" />
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-base">
            {t('cookies.title')}
          </h2>
          <p id={bodyId} className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            {t('cookies.body')}{' '}
            <Link to="/cookies" className="font-medium text-indigo-600 underline dark:text-indigo-400">
              {t('cookies.policy')}
            </Link>
          </p>
        </div>
      </div>
      <div className="mt-4 flex gap-2 sm:justify-end">
        <button
          type="button"
          onClick={() => choose(false)}
          className="flex-1 rounded-lg border border-slate-300 px-4 py-2 font-medium text-sm hover:bg-slate-100 sm:flex-none dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {t('cookies.essentials')}
        </button>
        <button
          type="button"
          onClick={() => choose(true)}
          className="flex-1 rounded-lg bg-indigo-600 px-4 py-2 font-medium text-sm text-white hover:bg-indigo-500 sm:flex-none"
        >
          {t('cookies.acceptAll')}
        </button>
      </div>
    </div>
  );
}
