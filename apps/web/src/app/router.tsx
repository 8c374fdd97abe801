import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { socialNetworks } from './paths';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

const HomePage = lazy(() => import('../features/home/home-page'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const AuthReturnPage = lazy(() => import('../features/auth/auth-return-page'));
const TermsPage = lazy(() => import('../features/legal/terms-page'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page'));
const CookiesPage = lazy(() => import('../features/legal/cookies-page'));
const LoadingPage = lazy(() => import('../features/loading/loading-page'));
const PricingPage = lazy(() => import('../features/pricing/pricing-page'));
const DevelopersPage = lazy(() => import('../features/developers/developers-page'));
const ApiDocsPage = lazy(() => import('../features/api-docs/api-docs-page'));
const AvatarDemoPage = lazy(() => import('../features/avatar-demo/avatar-demo-page'));
const SocialRedirectPage = lazy(() => import('../features/social/social-redirect-page'));
const SpacesPage = lazy(() => import('../features/spaces/spaces-page'));
const EditorPage = lazy(() => import('../features/editor/editor-page'));
const SettingsPage = lazy(() => import('../features/settings/settings-page'));
const UsagePage = lazy(() => import('../features/usage/usage-page'));

/** The route table of the spec (section 2). Any unknown path shows home. */
export const router = createBrowserRouter([
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
      {
        path: '/spaces',
        element: (
          <RequireAuth>
            <SpacesPage />
          </RequireAuth>
        ),
      },
      {
        path: '/space/:spaceId',
        element: (
          <RequireAuth>
            <EditorPage />
          </RequireAuth>
        ),
      },
      {
        path: '/settings',
        element: (
          <RequireAuth>
            <SettingsPage />
          </RequireAuth>
        ),
      },
      {
        path: '/usage',
        element: (
          <RequireAuth>
            <UsagePage />
          </RequireAuth>
        ),
      },
      { path: '*', element: <HomePage /> },
    ],
  },
]);
