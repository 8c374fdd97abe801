/**
 * WCAG 2 contrast arithmetic for the composer's palettes: text on a brand colour picks black or
 * white by contrast ratio, and a brand colour used as text is darkened (or lightened on dark
 * backgrounds) until it reaches 4.5:1 against the page.
 */

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** Black or white, whichever reads better on the colour. */
export function textOn(background: string): '#111827' | '#ffffff' {
  return contrast(background, '#ffffff') >= contrast(background, '#111827') ? '#ffffff' : '#111827';
}

/** The colour moved towards black (or white) until it reaches `ratio` against the background. */
export function readableOn(colour: string, background: string, ratio = 4.5): string {
  if (contrast(colour, background) >= ratio) return colour;
  const towards: [number, number, number] = luminance(background) > 0.4 ? [0, 0, 0] : [255, 255, 255];
  const from = channels(colour);
  for (let step = 1; step <= 20; step++) {
    const t = step / 20;
    const mixed = toHex(
      [0, 1, 2].map((i) => (from[i] as number) + ((towards[i] as number) - (from[i] as number)) * t) as [number, number, number],
    );
    if (contrast(mixed, background) >= ratio) return mixed;
  }
  return toHex(towards);
}
