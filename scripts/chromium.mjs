// How every headless Chromium of the project starts: the browser tests (playwright.config.ts) and
// the benchmarks in bench/. Debian's package, with the flags this machine needs (DEVELOPERS.md).

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
  // Every new window (each test's and each benchmark open's browser context) otherwise starts the
  // address bar's drop-down, two WebUI pages in a renderer of their own: ~0.6 s of CPU during the
  // page's first load, on a machine with two cores. A headless run never shows them (ADR 0141).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
