// Benchmark: accessibility and SEO of the local composer's sites (issue 21). Composes a site for
// each brief, serves it on a local port (42150 unless PORT), runs axe-core (WCAG 2.2 AA, serious and
// critical) at desktop and mobile widths in light and dark, and Lighthouse accessibility and SEO at
// both widths. Run from the repository root:
//   node --import tsx bench/composer-quality.ts   -> bench/results/composer-quality.json
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright';
import { composeFromPrompt } from '../apps/server/src/providers/ai/composer/compose.ts';
import { qualityBriefs } from '../apps/server/src/providers/ai/composer/quality-briefs.ts';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { serveSites } from './composer-serve.ts';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const port = Number(process.env.PORT ?? 42150);
const sites = qualityBriefs.map((prompt) => Object.fromEntries(composeFromPrompt(prompt).files.map((f) => [f.path, f.content])));
const server = await serveSites(sites, port);

const widths = { desktop: { width: 1350, height: 940 }, mobile: { width: 390, height: 844 } };
const axe: Record<string, string[]> = {};
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const [i] of sites.entries()) {
  for (const [label, viewport] of Object.entries(widths)) {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport, colorScheme: scheme });
      await page.goto(`http://127.0.0.1:${port}/${i}/`);
      // Measure the settled page: reveal everything and skip the fade-in transitions.
      await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
      await page.evaluate(() => {
        for (const e of document.querySelectorAll('.reveal')) e.classList.add('visible');
      });
      await page.evaluate(AXE);
      const violations = await page.evaluate(async () => {
        const run = (
          window as unknown as {
            axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
          }
        ).axe.run;
        const r = await run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        });
        return r.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.nodes.length})`);
      });
      axe[`${i} ${label} ${scheme}`] = violations;
      await page.close();
    }
  }
}
await browser.close();

const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless', ...chromiumArgs] });
const scores: Record<string, { accessibility: number; seo: number; failing: string[] }> = {};
try {
  for (const [i] of sites.entries()) {
    for (const formFactor of ['desktop', 'mobile'] as const) {
      const result = await lighthouse(`http://127.0.0.1:${port}/${i}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility', 'seo'],
        formFactor,
        screenEmulation:
          formFactor === 'desktop'
            ? { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false }
            : undefined,
      });
      const lhr = result?.lhr;
      if (!lhr) continue;
      scores[`${i} ${formFactor}`] = {
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      };
    }
  }
} finally {
  await chrome.kill();
  server.close();
}

const axeFailures = Object.entries(axe).filter(([, v]) => v.length);
const low = Object.entries(scores).filter(([, s]) => s.accessibility < 95 || s.seo < 95);
const result = {
  sites: sites.length,
  axeRuns: Object.keys(axe).length,
  axeRunsWithSeriousOrCritical: axeFailures.length,
  axeFailures: Object.fromEntries(axeFailures),
  lighthouseRuns: Object.keys(scores).length,
  lighthouseBelow95: Object.fromEntries(low),
  minAccessibility: Math.min(...Object.values(scores).map((s) => s.accessibility)),
  minSeo: Math.min(...Object.values(scores).map((s) => s.seo)),
};
console.log(JSON.stringify(result, null, 2));
writeFileSync(new URL('./results/composer-quality.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
