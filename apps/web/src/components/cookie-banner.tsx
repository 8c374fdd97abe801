import { Cookie } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { getConsent, storeConsent } from '../lib/consent';
import { useTranslation } from '../lib/i18n';
import './shell-locale';

/**
 * The cookie consent banner (spec section 4): shown while no consent entry exists. It is a
 * non-blocking dialog at the bottom of the screen: the page stays usable by keyboard and screen
 * readers, and the banner is early in the tab order so keyboard users reach it first.
 * It never covers a control: while open it publishes its height as `--cookie-banner-h`, which the
 * page reserves below its content (body padding; the full-height editor subtracts it).
 */
export function CookieBanner({ onAccept }: { onAccept?: () => void }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(() => getConsent() === null);
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = box.current;
    if (!open || !element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--cookie-banner-h', `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--cookie-banner-h');
    };
  }, [open]);

  if (!open) return null;

  const choose = (acceptAll: boolean) => {
    storeConsent(acceptAll);
    setOpen(false);
    if (acceptAll) onAccept?.();
  };

  return (
    <div
      ref={box}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="fixed inset-x-0 bottom-0 z-50 border-slate-200 border-t bg-white px-4 py-3 shadow-[0_-8px_24px_rgba(15,23,42,0.12)] sm:px-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <Cookie aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold text-sm">
              {t('cookies.title')}
            </h2>
            <p id={bodyId} className="text-slate-600 text-xs sm:text-sm dark:text-slate-300">
              {t('cookies.body')}{' '}
              <Link to="/cookies" className="font-medium text-indigo-600 underline dark:text-indigo-400">
                {t('cookies.policy')}
              </Link>
            </p>
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
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
    </div>
  );
}
