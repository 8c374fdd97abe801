import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useRouterTarget } from '../lib/navigation-progress';

/**
 * The global progress bar of route transitions: visible while the router heads to a location the
 * screen does not show yet (a lazy screen is downloading) or while a navigation is loading.
 * A short delay keeps instant navigations from flashing it.
 */
export function RouteProgress({ forceVisible = false }: { forceVisible?: boolean }) {
  const rendered = useLocation();
  const target = useRouterTarget();
  const pending = forceVisible || target.busy || (target.key !== '' && target.key !== rendered.key);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!pending) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), 120);
    return () => window.clearTimeout(timer);
  }, [pending]);

  return (
    <div
      aria-hidden={!visible}
      data-testid="route-progress"
      data-active={visible ? 'true' : 'false'}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden transition-opacity duration-200 ${
        visible ? 'opacity-100' : 'opacity-0'
      }`}
    >
      {visible && (
        <div
          role="progressbar"
          aria-label="Cargando página"
          className="h-full w-full animate-pulse bg-gradient-to-r from-indigo-500 via-fuchsia-500 to-indigo-500 motion-reduce:animate-none"
        />
      )}
    </div>
  );
}
