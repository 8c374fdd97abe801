import { startTransition, useLayoutEffect, useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, type RouteObject, Router, useRoutes } from 'react-router';
import { socialNetworks } from '../lib/paths';
import { RootLayout } from './root-layout';
import { type Load, type Screen, screen } from './screen';

/**
 * A screen that reads the API through TanStack Query: React Query and the app's query client load
 * with the screen, never with the home page (ADR 0131). Every such screen shares one client.
 */
function withQueries(load: Load) {
  return screen(async () => {
    const [{ QueryProvider }, { default: Page }] = await Promise.all([import('./query-provider'), load()]);
    return {
      default: () => (
        <QueryProvider>
          <Page />
        </QueryProvider>
      ),
    };
  });
}

/**
 * A signed-in screen: the guard (`RequireAuth`), React Query and the screen load together, so
 * none of them weighs on the public pages. The guard checks the session before the screen renders.
 */
function signedIn(load: Load) {
  return screen(async () => {
    const [{ RequireAuth }, { QueryProvider }, { default: Page }] = await Promise.all([
      import('./require-auth'),
      import('./query-provider'),
      load(),
    ]);
    return {
      default: () => (
        <RequireAuth>
          <QueryProvider>
            <Page />
          </QueryProvider>
        </RequireAuth>
      ),
    };
  });
}

const HomePage = screen(() => import('../features/home/home-page'));
const LoginPage = screen(() => import('../features/auth/login-page'));
const AuthReturnPage = screen(() => import('../features/auth/auth-return-page'));
const TermsPage = screen(() => import('../features/legal/terms-page'));
const PrivacyPage = screen(() => import('../features/legal/privacy-page'));
const CookiesPage = screen(() => import('../features/legal/cookies-page'));
const LoadingPage = screen(() => import('../features/loading/loading-page'));
const PricingPage = withQueries(() => import('../features/pricing/pricing-page'));
const DevelopersPage = withQueries(() => import('../features/developers/developers-page'));
const ApiDocsPage = withQueries(() => import('../features/api-docs/api-docs-page'));
const AvatarDemoPage = screen(() => import('../features/avatar-demo/avatar-demo-page'));
const SocialRedirectPage = screen(() => import('../features/social/social-redirect-page'));
const NotFoundPage = screen(() => import('../features/not-found/not-found-page'));
const SpacesPage = signedIn(() => import('../features/spaces/spaces-page'));
const EditorPage = signedIn(() => import('../features/editor/editor-page'));
const FormsPage = signedIn(() => import('../features/forms/forms-page'));
const SettingsPage = signedIn(() => import('../features/settings/settings-page'));
const UsagePage = signedIn(() => import('../features/usage/usage-page'));
// Sharing (issue 25): the read-only view of a shared space is public; remixing asks for a sign-in.
const SharePage = withQueries(() => import('../features/collaboration/share-page'));
const InvitationPage = withQueries(() => import('../features/collaboration/invitation-page'));

// The screen of the page being opened starts downloading with the entry, not after the first
// render discovers it (one network round trip less before the first paint of the public pages).
const startLoading: Record<string, Screen> = { '/': HomePage, '/pricing': PricingPage, '/terms': TermsPage };
if (typeof window !== 'undefined') {
  const { pathname } = window.location;
  startLoading[pathname]?.preload().catch(() => {});
  // Opening the editor directly: its code, the session check and the space all load at once (ADR 0064).
  if (/^\/space\/[^/]+\/?$/.test(pathname)) {
    // A chunk of its own (a few hundred bytes), so the public pages' initial JavaScript does not carry it.
    void import('../features/editor/api/early-requests').then((m) => m.startEditorRequests(pathname));
    EditorPage.preload().catch(() => {});
  }
}

/** The route table of the spec (section 2). An unknown path says so, with a way back (issue 43). */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/auth/:provider', element: <AuthReturnPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/cookies', element: <CookiesPage /> },
      { path: '/loading', element: <LoadingPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/developers', element: <DevelopersPage /> },
      { path: '/docs/api', element: <ApiDocsPage /> },
      { path: '/avatar-demo', element: <AvatarDemoPage /> },
      ...socialNetworks.map((network) => ({ path: `/${network}`, element: <SocialRedirectPage /> })),
      { path: '/spaces', element: <SpacesPage /> },
      { path: '/space/:spaceId', element: <EditorPage /> },
      { path: '/space/:spaceId/forms', element: <FormsPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '/usage', element: <UsagePage /> },
      { path: '/share/:spaceId', element: <SharePage /> },
      { path: '/invite/:token', element: <InvitationPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

// Declarative mode (ADR 0132): the browser history drives <Router> directly, so React Router's
// data router (loaders, actions, fetchers) stays out of the bundle.
const history = createBrowserHistory({ v5Compat: true });

type RouterState = { location: { key: string }; navigation: { state: string } };
const targetListeners = new Set<(state: RouterState) => void>();

/**
 * The location the app is heading to, for the route progress bar (`watchRouter`): it changes as
 * soon as the history does, while the rendered location follows inside a transition.
 */
export const navigationTarget = {
  get state(): RouterState {
    return { location: history.location, navigation: { state: 'idle' } };
  },
  subscribe(listener: (state: RouterState) => void) {
    targetListeners.add(listener);
    return () => {
      targetListeners.delete(listener);
    };
  },
};

/** The app's router: navigations render in a transition, like React Router's own routers. */
export function AppRouter() {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen((update) => {
        for (const listener of targetListeners) listener(navigationTarget.state);
        startTransition(() => setState({ action: update.action, location: update.location }));
      }),
    [],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <AppRoutes />
    </Router>
  );
}
