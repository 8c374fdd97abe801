import { clsx } from 'clsx';
import { LogOut, Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { signOut } from '../lib/auth';
import { useTranslation } from '../lib/i18n';
import { useStoredSession } from '../lib/session';
import { Avatar } from './avatar';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitcher } from './theme-switcher';
import './shell-locale';

const AccountMenu = lazy(() => import('./account-menu'));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 font-medium text-sm transition-colors',
    isActive
      ? 'text-indigo-600 dark:text-indigo-400'
      : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
  );

const primaryButton =
  'rounded-lg bg-indigo-600 px-4 py-2 text-center font-semibold text-sm text-white shadow-sm hover:bg-indigo-500';
const secondaryButton =
  'rounded-lg px-4 py-2 text-center font-semibold text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

export function Logo() {
  return (
    <span className="font-black text-2xl tracking-tight">
      <span className="text-indigo-600 dark:text-indigo-400">&lt;</span>DIV
      <span className="text-indigo-600 dark:text-indigo-400">/&gt;</span>
    </span>
  );
}

/** The navigation bar of every page (spec section 2), with the mobile menu below 1024 px. */
export function SiteNav() {
  const { t } = useTranslation('shell');
  const session = useStoredSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close when the location changes
  useEffect(() => setMenuOpen(false), [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const handleSignOut = async () => {
    setMenuOpen(false);
    await signOut();
    navigate('/login');
  };

  return (
    <header className="sticky top-0 z-40 border-slate-200 border-b bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
      >
        {t('nav.skipToContent')}
      </a>
      <nav aria-label={t('nav.label')} className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" aria-label={t('nav.homeLink')} className="mr-2 shrink-0">
          <Logo />
        </Link>

        <div className="hidden flex-1 items-center gap-1 lg:flex">
          {session ? (
            <>
              <NavLink to="/" end className={linkClass}>
                {t('nav.home')}
              </NavLink>
              <NavLink to="/spaces" className={linkClass}>
                {t('nav.spaces')}
              </NavLink>
            </>
          ) : null}
          <NavLink to="/pricing" className={linkClass}>
            {t('nav.pricing')}
          </NavLink>
        </div>

        <div className="ml-auto hidden items-center gap-3 lg:flex">
          <LanguageSwitch />
          <ThemeSwitcher />
          {session ? (
            <Suspense fallback={<Avatar src={session.user.picture} name={session.user.name} size="sm" />}>
              <AccountMenu user={session.user} onSignOut={handleSignOut} />
            </Suspense>
          ) : (
            <>
              <Link to="/login" className={secondaryButton}>
                {t('nav.signIn')}
              </Link>
              <Link to="/spaces" className={primaryButton}>
                {t('nav.startFree')}
              </Link>
            </>
          )}
        </div>

        <button
          ref={toggleRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
          className="ml-auto inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
        >
          {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </nav>

      <div
        id={menuId}
        hidden={!menuOpen}
        className="border-slate-200 border-t bg-white px-4 pt-2 pb-4 shadow-lg lg:hidden dark:border-slate-800 dark:bg-slate-950"
      >
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
                <Link to="/spaces" className={primaryButton}>
                  {t('nav.startFree')}
                </Link>
              </li>
            </>
          )}
        </ul>
        <div className="mt-4 flex items-center justify-between gap-3 border-slate-200 border-t pt-4 dark:border-slate-800">
          <LanguageSwitch />
          <ThemeSwitcher />
        </div>
      </div>
    </header>
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
