import { clsx } from 'clsx';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { useRouterTarget } from '../lib/navigation-progress';
import { useStoredSession } from '../lib/session';
import { LanguageSwitch } from './language-switch';
import { primaryButton, secondaryButton } from './nav-styles';
import { StartFreeLink } from './start-free-link';
import { ThemeSwitcher } from './theme-switcher';
import './shell-locale';

// Signed-in pieces (the account menu, avatars, sign-out) load only when a session exists.
const AccountMenu = lazy(() => import('./account-menu'));
// The mobile menu's content loads at the first idle moment (or on the first tap, if sooner).
const MobileMenu = lazy(() => import('./mobile-menu'));
const Avatar = lazy(() => import('./avatar').then((module) => ({ default: module.Avatar })));

/** Keeps the avatar's place while its code loads, so nothing shifts. */
function AvatarSlot({ picture, name, size }: { picture: string | null; name: string; size: 'sm' | 'md' }) {
  return (
    <Suspense
      fallback={
        <span aria-hidden="true" className={clsx('inline-block shrink-0 rounded-full', size === 'sm' ? 'size-8' : 'size-10')} />
      }
    >
      <Avatar src={picture} name={name} size={size} />
    </Suspense>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 font-medium text-sm transition-colors',
    isActive
      ? 'text-indigo-600 dark:text-indigo-400'
      : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
  );

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
  // Where the app is heading: it changes when a navigation starts, while the rendered location
  // follows only once the next screen's code is in (navigations render in a transition).
  const target = useRouterTarget();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuReady, setMenuReady] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close when a navigation starts
  useEffect(() => setMenuOpen(false), [target.key]);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setMenuReady(true), { timeout: 2000 });
    return () => cancel(handle);
  }, []);

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
    const { signOut } = await import('../lib/auth');
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
            <Suspense fallback={<AvatarSlot picture={session.user.picture} name={session.user.name} size="sm" />}>
              <AccountMenu user={session.user} onSignOut={handleSignOut} />
            </Suspense>
          ) : (
            <>
              <Link to="/login" className={secondaryButton}>
                {t('nav.signIn')}
              </Link>
              <StartFreeLink className={primaryButton}>{t('nav.startFree')}</StartFreeLink>
            </>
          )}
        </div>

        <button
          ref={toggleRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => {
            setMenuReady(true);
            setMenuOpen((open) => !open);
          }}
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
        {menuReady && (
          <Suspense fallback={null}>
            <MobileMenu session={session} onSignOut={handleSignOut} />
          </Suspense>
        )}
      </div>
    </header>
  );
}
