import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DesignFamily, FontRef } from './types';

/**
 * The family's typefaces as a stylesheet of the site itself, fonts.css (ADR 0251). The faces come from
 * @fontsource packages (SIL Open Font License), in their Latin subset (Spanish and English letters,
 * punctuation and the euro sign) as WOFF2, written into the stylesheet as data: URLs. So they are
 * published with the site, served from its own origin, and shown in the editor's preview with no
 * request anywhere else: a visitor's address never reaches a font CDN.
 */

export const FONTS_PATH = 'fonts.css';
const require = createRequire(import.meta.url);
const cache = new Map<string, string>();

/** The family name a stylesheet uses for a package ("playfair-display" -> "Playfair Display"). */
export function faceName(font: string): string {
  return font
    .split('-')
    .map((w) => (/^(dm|ibm)$/.test(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

function woff2(font: string, weight: number): string {
  const key = `${font}/${weight}`;
  let data = cache.get(key);
  if (!data) {
    const file = require.resolve(`@fontsource/${font}/files/${font}-latin-${weight}-normal.woff2`);
    data = readFileSync(file).toString('base64');
    cache.set(key, data);
  }
  return data;
}

function face(ref: FontRef, weight: number): string {
  return [
    '@font-face {',
    `  font-family: "${faceName(ref.font)}";`,
    '  font-style: normal;',
    `  font-weight: ${weight};`,
    '  font-display: swap;',
    `  src: url("data:font/woff2;base64,${woff2(ref.font, weight)}") format("woff2");`,
    '}',
  ].join('\n');
}

/** The faces a family uses: its display face at its weight, its body face at 400 and 700. */
export function fontFaces(family: DesignFamily): { font: string; weight: number }[] {
  const out = [{ font: family.display.font, weight: family.display.weight }];
  for (const weight of [400, 700]) {
    if (!out.some((f) => f.font === family.body.font && f.weight === weight)) out.push({ font: family.body.font, weight });
  }
  return out;
}

export function renderFonts(family: DesignFamily): string {
  const faces = fontFaces(family).map((f) => face(f.font === family.display.font ? family.display : family.body, f.weight));
  return `/* Typefaces of the "${family.name[0]}" design: ${faceName(family.display.font)} and ${faceName(family.body.font)}, from @fontsource (SIL Open Font License), Latin subset, served with the site. Generated: choose another design to change them. */\n${faces.join('\n')}\n`;
}

/** The CSS stacks of the family's faces. */
export function fontStacks(family: DesignFamily): { display: string; body: string } {
  return {
    display: `"${faceName(family.display.font)}", ${family.display.fallback}`,
    body: `"${faceName(family.body.font)}", ${family.body.fallback}`,
  };
}
