// Screenshots of ten composer sites of ten kinds (issue 38), desktop (1440) and phone (390), for a
// person to judge: composed here with the composer itself, served on a local port (42170 unless PORT)
// and drawn by Debian's Chromium as published (editor-only placeholders cut, ADR 0252). Writes docs/screenshots/composer/NN-kind-1440.png (the first two
// screens) and NN-kind-390.png (the page down to 4 phone screens), as 256-colour PNGs.
//   node --import tsx bench/composer-shots.ts [outDir]
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright';
import sharp from 'sharp';
import { stripPlaceholders } from '../apps/server/src/modules/publishing/placeholders.ts';
import { composeFromPrompt } from '../apps/server/src/providers/ai/composer/compose.ts';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { serveSites } from './composer-serve.ts';
import { shotBriefs } from './composer-shots-briefs.data.ts';

const outDir = resolve(process.argv[2] ?? 'docs/screenshots/composer');
mkdirSync(outDir, { recursive: true });
const port = Number(process.env.PORT ?? 42170);
const composed = shotBriefs.map((prompt) => composeFromPrompt(prompt));
const sites = composed.map((c) =>
  Object.fromEntries(c.files.map((f) => [f.path, f.path.endsWith('.html') ? stripPlaceholders(f.content) : f.content])),
);
const server = await serveSites(sites, port);

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const [i, c] of composed.entries()) {
  const kind = c.brief.kindId ?? c.brief.kind;
  for (const [width, height, screens] of [
    [1440, 900, 2],
    [390, 844, 4],
  ] as const) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`http://127.0.0.1:${port}/${i}/`, { waitUntil: 'load' });
    await page.evaluate(async () => {
      for (const e of document.querySelectorAll('.reveal')) e.classList.add('visible');
      await document.fonts.ready;
    });
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    const full = await page.evaluate(() => document.documentElement.scrollHeight);
    const shot = await page.screenshot({ fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(full, height * screens) } });
    const name = `${String(i + 1).padStart(2, '0')}-${kind}-${width}.png`;
    await sharp(shot).png({ palette: true, colours: 256, compressionLevel: 9, effort: 8 }).toFile(resolve(outDir, name));
    console.log(name, c.brief.family);
    await page.close();
  }
}
await browser.close();
server.close();
