import { clsx } from 'clsx';
import { LogOut } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from '../lib/i18n';
import type { StoredSession } from '../lib/session';
import { Avatar } from './avatar';
import { LanguageSwitch } from './language-switch';
import { primaryButton, secondaryButton } from './nav-styles';
import { StartFreeLink } from './start-free-link';
import { ThemeSwitcher } from './theme-switcher';
import './shell-locale';

/** The content of the mobile menu (below 1024 px); `SiteNav` owns the panel and its toggle. */
export default function MobileMenu({ session, onSignOut }: { session: StoredSession | null; onSignOut: () => void }) {
  const { t } = useTranslation('shell');
  const handleSignOut = onSignOut;
  return (
    <>
      <ul className="flex flex-col gap-1" aria-label={t('nav.mobileMenu')}>
        {session ? (
          <>
            <li className="flex items-center gap-3 px-3 py-2">
              <Avatar src={session.user.picture} name={session.user.name} size="md" />
              <span className="truncate font-semibold">{session.user.name}</span>
            </li>
            <MobileLink to="/" label={t('nav.home')} end />
            <MobileLink to="/spaces" label={t('nav.spaces')} />
            <MobileLink to="/pricing" label={t('nav.pricing')} />
            <MobileLink to="/settings" label={t('nav.settings')} />
            <MobileLink to="/usage" label={t('nav.usage')} />
            <li>
              <button
                type="button"
                onClick={handleSignOut}
                className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left font-medium text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
              >
                <LogOut aria-hidden="true" className="size-4" />
                {t('nav.signOut')}
              </button>
            </li>
          </>
        ) : (
          <>
            <MobileLink to="/pricing" label={t('nav.pricing')} />
            <li className="mt-2 flex flex-col gap-2">
              <Link to="/login" className={`${secondaryButton} border border-slate-300 dark:border-slate-700`}>
                {t('nav.signIn')}
              </Link>
              <StartFreeLink className={primaryButton}>{t('nav.startFree')}</StartFreeLink>
            </li>
          </>
        )}
      </ul>
      <div className="mt-4 flex items-center justify-between gap-3 border-slate-200 border-t pt-4 dark:border-slate-800">
        <LanguageSwitch />
        <ThemeSwitcher />
      </div>
    </>
  );
}

function MobileLink({ to, label, end }: { to: string; label: string; end?: boolean }) {
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        className={({ isActive }) =>
          clsx(
            'block rounded-md px-3 py-2 font-medium',
            isActive
              ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
              : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
          )
        }
      >
        {label}
      </NavLink>
    </li>
  );
}
