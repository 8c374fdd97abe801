import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, navigationTarget } from './app/router';
import './lib/i18n';
import { watchRouter } from './lib/navigation-progress';
import { applyTheme } from './lib/theme';
import './styles.css';

applyTheme();
// The build info (spec section 3) is fetched after load anyway: its code loads then too.
const loadBuildInfo = () => void import('./lib/build-info');
if (document.readyState === 'complete') loadBuildInfo();
else window.addEventListener('load', loadBuildInfo, { once: true });
watchRouter(navigationTarget);

const root = document.getElementById('root');
if (root) {
  const app = createRoot(root);
  // A transition: React renders the first screen in slices and lets the browser work between them,
  // instead of in one long task while the page loads (ADR 0141).
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    ),
  );
}
