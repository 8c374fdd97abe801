import { type ComponentType, lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';

/** Loads a screen's module (a dynamic import). */
export type Load = () => Promise<{ default: ComponentType }>;

/** A route's screen: renders its code once it is in, and can start loading it before any render. */
export type Screen = ComponentType & { preload: () => Promise<unknown> };

// How many screens have finished loading: `ScreenBoundary` re-renders when it grows (ADR 0141).
let loadedCount = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A lazily loaded screen. Until its code is in it suspends like `React.lazy`; once the code is in,
 * it renders it directly, so a screen preloaded before its first render never suspends at all.
 */
export function screen(load: Load): Screen {
  let Loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      Loaded = module.default;
      loadedCount++;
      for (const listener of listeners) listener();
      return module;
    });
    return loading;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module level, like React.lazy
  const Component = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Component, { preload });
}

/**
 * The Suspense boundary around the routes' screens. React reveals a boundary's content after a
 * lazy load as a "retry", which it holds back until 300 ms after the last fallback anywhere on the
 * page appeared or disappeared; on a page whose nav, footer and menus load lazily too, that held the
 * editor back by ~275 ms. Instead, when a screen's code arrives, this boundary re-renders as an
 * ordinary update (a transition), which shows the screen at once.
 */
export function ScreenBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [, setShownCount] = useState(loadedCount);
  useEffect(() => {
    // A transition: the screen renders in slices, leaving the page responsive between them.
    const update = () => startTransition(() => setShownCount(loadedCount));
    update(); // a screen that arrived between the render and this effect
    return subscribe(update);
  }, []);
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
