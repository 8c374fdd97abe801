import { contrast } from '../../providers/ai/composer/colour';

/*
 * Colours as stylesheets write them, and the least move of a colour that reaches a contrast ratio
 * (WCAG 2, the composer's arithmetic in composer/colour.ts).
 */

const NAMED: Record<string, string> = {
  white: '#ffffff',
  black: '#000000',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  orange: '#ffa500',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  navy: '#000080',
  purple: '#800080',
  teal: '#008080',
  maroon: '#800000',
  olive: '#808000',
  lime: '#00ff00',
  aqua: '#00ffff',
  fuchsia: '#ff00ff',
  pink: '#ffc0cb',
  lightgray: '#d3d3d3',
  lightgrey: '#d3d3d3',
  darkgray: '#a9a9a9',
  whitesmoke: '#f5f5f5',
};

/** An opaque colour as #rrggbb, or undefined (transparent, gradients, currentColor, unknown). */
export function solidColour(value: string): string | undefined {
  const v = value
    .trim()
    .toLowerCase()
    .replace(/\s*!important$/, '');
  if (NAMED[v]) return NAMED[v];
  const hex = /^#([0-9a-f]{3,8})$/.exec(v)?.[1];
  if (hex) {
    if (hex.length === 3) return `#${[...hex].map((c) => c + c).join('')}`;
    if (hex.length === 6) return `#${hex}`;
    if (hex.length === 8) return hex.endsWith('ff') ? `#${hex.slice(0, 6)}` : undefined;
    if (hex.length === 4) return hex.endsWith('f') ? `#${[...hex.slice(0, 3)].map((c) => c + c).join('')}` : undefined;
    return undefined;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/.exec(v);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : rgb[4].endsWith('%') ? Number.parseFloat(rgb[4]) / 100 : Number(rgb[4]);
    if (alpha < 1) return undefined;
    return toHex([Number(rgb[1]), Number(rgb[2]), Number(rgb[3])]);
  }
  return undefined;
}

/** The colour a `background` shorthand paints, when it is one plain colour. */
export function backgroundColour(value: string): string | undefined {
  const v = value.trim();
  if (/url\(|gradient\(/i.test(v)) return undefined;
  return solidColour(v) ?? solidColour(v.split(/\s+/)[0] ?? '');
}

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const toHex = (rgb: number[]) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const mix = (from: [number, number, number], to: number, t: number) => toHex(from.map((c) => c + (to - c) * t));

/**
 * The colour nearest `colour` (moved straight towards black or towards white, whichever move is
 * shorter) whose contrast against `background` is at least `ratio`.
 */
export function leastMoveTo(colour: string, background: string, ratio = 4.5): string {
  if (contrast(colour, background) >= ratio) return colour;
  const from = channels(colour);
  let best: { t: number; hex: string } | undefined;
  for (const to of [0, 255]) {
    if (contrast(mix(from, to, 1), background) < ratio) continue;
    let low = 0;
    let high = 1;
    for (let i = 0; i < 20; i++) {
      const mid = (low + high) / 2;
      if (contrast(mix(from, to, mid), background) >= ratio) high = mid;
      else low = mid;
    }
    // Rounding to whole channels can land a hair under the ratio: step on until it passes.
    let t = high;
    while (t < 1 && contrast(mix(from, to, t), background) < ratio) t = Math.min(1, t + 0.005);
    if (!best || t < best.t) best = { t, hex: mix(from, to, t) };
  }
  return best?.hex ?? (contrast('#000000', background) >= contrast('#ffffff', background) ? '#000000' : '#ffffff');
}

export { contrast };
