import { useSyncExternalStore } from 'react';

/**
 * The latest location the router is heading to. React Router renders navigations in a transition,
 * so while a lazy screen downloads, the rendered location lags behind this one: the difference is
 * what the global progress bar shows.
 */
interface RouterLike {
  state: { location: { key: string }; navigation: { state: string } };
  subscribe: (listener: (state: RouterLike['state']) => void) => () => void;
}

let latest = { key: '', busy: false };
const listeners = new Set<() => void>();

export function watchRouter(router: RouterLike) {
  const update = (state: RouterLike['state']) => {
    latest = { key: state.location.key, busy: state.navigation.state !== 'idle' };
    for (const listener of listeners) listener();
  };
  update(router.state);
  return router.subscribe(update);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRouterTarget() {
  return useSyncExternalStore(
    subscribe,
    () => latest,
    () => latest,
  );
}
