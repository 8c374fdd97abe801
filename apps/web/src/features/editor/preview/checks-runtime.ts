import { elementSelector } from './runtime-script';

/**
 * The Revisión's browser checks (issue 40, ADR 0243), injected after the preview runtime into the
 * offscreen frames the checks load, never into the shown preview. From its first line it keeps the
 * page's errors (script errors, files that did not load, rejections, `console.error`) and its layout
 * shifts; when the editor sends `checks-run` with axe-core's source, it runs axe (WCAG 2.2 AA) in the
 * light theme and, where the stylesheets have `prefers-color-scheme: dark`, in the dark one, measures
 * the horizontal overflow of the frame's width (390 px), and posts everything back as
 * `checks-result`. Nothing leaves the frame but that message: the sandbox stays as it is.
 */
function checksRuntime(selectorOf: (element: Element) => string) {
  const post = (data: Record<string, unknown>) => {
    try {
      window.parent.postMessage({ source: 'div-preview', ...data }, '*');
    } catch {}
  };
  const errors: string[] = [];
  const keep = (message: string) => {
    if (errors.length < 20 && !errors.includes(message)) errors.push(message.slice(0, 300));
  };
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target as Element | null;
      if (target && 'tagName' in target && (target as unknown) !== window) {
        const url = target.getAttribute('src') ?? target.getAttribute('href') ?? '';
        keep(`<${target.tagName.toLowerCase()}> ${url}`.trim());
      } else keep(String(event.message || 'Error'));
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { message?: unknown } | undefined;
    keep(reason && typeof reason.message === 'string' ? reason.message : String(event.reason));
  });
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    keep(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '));
    consoleError.apply(console, args);
  };
  let shift = 0;
  let shifted: Element | null = null;
  let biggest = 0;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shift += entry.value;
        const node = entry.sources?.find((source) => source.node && source.node.nodeType === 1)?.node as Element | undefined;
        if (node && entry.value > biggest) {
          biggest = entry.value;
          shifted = node;
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}

  /** Every @media rule and stylesheet whose media names prefers-color-scheme, with its media text. */
  const schemeMedia = () => {
    const found: { media: MediaList; text: string }[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSMediaRule && /prefers-color-scheme/i.test(rule.media.mediaText)) {
          found.push({ media: rule.media, text: rule.media.mediaText });
        }
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      if (/prefers-color-scheme/i.test(sheet.media.mediaText)) found.push({ media: sheet.media, text: sheet.media.mediaText });
      try {
        walk(sheet.cssRules);
      } catch {}
    }
    return found;
  };
  /** Makes the stylesheets answer as if the visitor preferred `scheme` (null: as they were). */
  const applyScheme = (found: { media: MediaList; text: string }[], scheme: 'light' | 'dark' | null) => {
    for (const { media, text } of found) {
      media.mediaText =
        scheme === null
          ? text
          : text.replace(/\(\s*prefers-color-scheme\s*:\s*(light|dark)\s*\)/gi, (_all, value: string) =>
              value.toLowerCase() === scheme ? '(min-width: 0px)' : '(min-width: 100000px)',
            );
    }
  };

  const overflow = () => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width + 1) return [];
    const clips = (element: Element) => /(hidden|clip|auto|scroll)/.test(getComputedStyle(element).overflowX);
    const culprits: { selector: string; html: string; width: number }[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (culprits.length >= 3) break;
      if (element.hasAttribute('data-div-inspector')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.right <= width + 1 || rect.width === 0) continue;
      let clipped = false;
      let parentOver = false;
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (clips(up)) clipped = true;
        if (up === element.parentElement && up.getBoundingClientRect().right > width + 1) parentOver = true;
      }
      if (clipped || parentOver) continue;
      culprits.push({
        selector: selectorOf(element),
        html: element.outerHTML.slice(0, 200),
        width: Math.round(rect.right),
      });
    }
    return culprits.length ? culprits : [{ selector: 'body', html: '', width: Math.round(document.documentElement.scrollWidth) }];
  };

  type AxeResults = {
    violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; html: string }[] }[];
  };
  type Axe = { run: (context: unknown, options: unknown) => Promise<AxeResults> };
  const runAxe = async (axe: Axe, theme: 'light' | 'dark') => {
    const results = await axe.run(
      { exclude: [['[data-div-inspector]']] },
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      },
    );
    return results.violations.slice(0, 40).map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'minor',
      help: violation.help,
      theme,
      nodes: violation.nodes.slice(0, 5).map((node) => ({
        selector: node.target.filter((part) => typeof part === 'string').join(' '),
        html: node.html.slice(0, 200),
      })),
    }));
  };

  const run = async (source: string) => {
    const w = window as unknown as { axe?: Axe };
    if (!w.axe) {
      const script = document.createElement('script');
      script.textContent = source;
      document.head.appendChild(script);
      script.remove();
    }
    const axe = w.axe;
    // Colours mid-transition are not the page's: transitions stop while axe reads them.
    const still = document.createElement('style');
    still.textContent = '*,*::before,*::after{transition:none!important}';
    document.head.appendChild(still);
    const found = schemeMedia();
    const dark = found.some(({ text }) => /prefers-color-scheme\s*:\s*dark/i.test(text));
    const violations: Awaited<ReturnType<typeof runAxe>> = [];
    try {
      if (axe) {
        applyScheme(found, 'light');
        violations.push(...(await runAxe(axe, 'light')));
        if (dark) {
          applyScheme(found, 'dark');
          violations.push(...(await runAxe(axe, 'dark')));
        }
      }
    } finally {
      applyScheme(found, null);
      still.remove();
    }
    const moved = shifted as Element | null;
    post({
      type: 'checks-result',
      axe: violations,
      axeLoaded: Boolean(axe),
      dark,
      errors,
      overflow: overflow(),
      layoutShift: { value: Math.round(shift * 1000) / 1000, selector: moved ? selectorOf(moved) : null },
    });
  };

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const data = event.data as Record<string, unknown> | null;
    if (data?.source !== 'div-editor' || data.type !== 'checks-run' || typeof data.axe !== 'string') return;
    run(data.axe).catch((error: unknown) =>
      post({ type: 'checks-result', failed: error instanceof Error ? error.message : String(error) }),
    );
  });
}

export const CHECKS_RUNTIME_SCRIPT = `(${checksRuntime.toString()})(${elementSelector.toString()});`;
