import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, navigationTarget } from './app/router';
import './lib/build-info';
import './lib/i18n';
import { watchRouter } from './lib/navigation-progress';
import { applyTheme } from './lib/theme';
import './styles.css';

applyTheme();
watchRouter(navigationTarget);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  );
}
