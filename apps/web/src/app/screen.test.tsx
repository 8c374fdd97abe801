import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScreenBoundary, screen } from './screen';

// React skips its reveal throttling inside act(), so these tests render as the browser does:
// a real root, real timers, no act.
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** A module promise the test resolves when it chooses, like a chunk arriving over the network. */
function deferredModule(text: string) {
  let resolve = () => {};
  const promise = new Promise<{ default: ComponentType }>((done) => {
    resolve = () => done({ default: () => <p>{text}</p> });
  });
  return { load: () => promise, resolve };
}

/**
 * Elsewhere on the page (the nav's avatar, the footer), another lazy piece appears a moment later:
 * its fallback comes and goes, which starts React's 300 ms hold on revealing retried boundaries.
 */
function LazySibling({ arrive }: { arrive: Promise<{ default: ComponentType }> }) {
  const [Piece] = useState(() => lazy(() => arrive));
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return shown ? (
    <Suspense fallback={<span>sibling loading</span>}>
      <Piece />
    </Suspense>
  ) : null;
}

let container: HTMLElement;
let root: Root;
let actEnvironment: boolean | undefined;
const text = () => container.textContent ?? '';

async function waitForText(expected: string) {
  const started = performance.now();
  while (!text().includes(expected)) {
    if (performance.now() - started > 2000) throw new Error(`"${expected}" never appeared; the page shows "${text()}"`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return performance.now() - started;
}

/**
 * How long after its code arrives a screen shows, behind `ScreenBoundary` (with `screen()`) or a
 * plain `Suspense` (with `lazy()`), when a sibling's lazy piece has just appeared.
 */
async function screenRevealTime(kind: 'ScreenBoundary' | 'Suspense') {
  const page = deferredModule('Editor');
  const sibling = deferredModule('Avatar');
  const Editor = kind === 'ScreenBoundary' ? screen(page.load) : lazy(page.load);
  const Boundary = kind === 'ScreenBoundary' ? ScreenBoundary : Suspense;
  root.render(
    <>
      <Boundary fallback={<p>Cargando...</p>}>
        <Editor />
      </Boundary>
      <LazySibling arrive={sibling.load()} />
    </>,
  );
  await waitForText('Cargando...');
  await waitForText('sibling loading');
  sibling.resolve();
  await waitForText('Avatar');
  page.resolve();
  return waitForText('Editor');
}

describe('screen', () => {
  beforeEach(() => {
    actEnvironment = globalThis.IS_REACT_ACT_ENVIRONMENT;
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    root.unmount();
    container.remove();
    globalThis.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  it('shows a screen as soon as its code arrives, even while other lazy pieces come and go', async () => {
    expect(await screenRevealTime('ScreenBoundary')).toBeLessThan(150);
    expect(text()).not.toContain('Cargando...');
  });

  it('a plain Suspense boundary holds the same screen back (the delay the boundary avoids)', async () => {
    expect(await screenRevealTime('Suspense')).toBeGreaterThanOrEqual(200);
  });

  it('renders a preloaded screen at once, without its fallback', async () => {
    const page = deferredModule('Inicio');
    const Home = screen(page.load);
    page.resolve();
    await Home.preload();
    root.render(
      <ScreenBoundary fallback={<p>Cargando...</p>}>
        <Home />
      </ScreenBoundary>,
    );
    await waitForText('Inicio');
    expect(text()).toBe('Inicio');
  });

  it('loads the code once, however often it is asked for', async () => {
    let loads = 0;
    const Page = screen(async () => {
      loads++;
      return { default: () => <p>Página</p> };
    });
    await Promise.all([Page.preload(), Page.preload()]);
    root.render(
      <ScreenBoundary fallback={null}>
        <Page />
      </ScreenBoundary>,
    );
    await waitForText('Página');
    expect(loads).toBe(1);
  });
});
