import { lazy, Suspense } from 'react';
import { Outlet, useMatch, useSearchParams } from 'react-router';
import { CookieBanner } from '../components/cookie-banner';
import { LoadingMessage } from '../components/loading-message';
import { RouteProgress } from '../components/route-progress';
import { SiteNav } from '../components/site-nav';
import { ToastContainer } from '../components/toast-container';
import { useTranslation } from '../lib/i18n';
import '../components/shell-locale';
import { CONSENT_ACCEPTED_EVENT } from '../lib/consent';
import { ScreenBoundary } from './screen';

// Below the fold on every page: its link columns and brand icons load after the first paint.
const SiteFooter = lazy(() => import('../components/site-footer'));

function announceConsent() {
  window.dispatchEvent(new Event(CONSENT_ACCEPTED_EVENT));
}

/**
 * Navigation, footer, cookie banner and the two global overlays (toasts and the route progress bar)
 * wrap every route. `?print` (printable legal pages) shows the page alone; the editor has no footer.
 * The navigation and the page fill at least the screen, and the footer comes after them: on a short
 * page (sign-in, a loading message) the footer, which loads after the first paint, appears below the
 * fold instead of pushing up what is on screen (a button moving under the pointer).
 */
export function RootLayout() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const print = params.has('print');
  // The editor is a full-screen app: no marketing footer under it to scroll to or tab through (issue 43).
  const editor = useMatch('/space/:spaceId') !== null;
  return (
    <>
      <div className="flex min-h-screen flex-col">
        {!print && <CookieBanner onAccept={announceConsent} />}
        <RouteProgress />
        {!print && <SiteNav />}
        <div id="main-content" className="flex flex-1 flex-col" tabIndex={-1}>
          <ScreenBoundary
            fallback={
              <>
                <RouteProgress forceVisible />
                <LoadingMessage message={t('loading')} />
              </>
            }
          >
            <Outlet />
          </ScreenBoundary>
        </div>
      </div>
      {!print && !editor && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
      <ToastContainer />
    </>
  );
}
