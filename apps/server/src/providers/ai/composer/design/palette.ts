import type { Palette } from '../analyse';
import { contrast, readableOn, textOn } from '../colour';
import type { DesignFamily } from './types';

/**
 * The site's palette on a family's surfaces, checked for WCAG AA when the stylesheet is built
 * (ADR 0250): the brand colours as given (the user's own included) fill buttons and accents; where
 * one is used as text it is moved until it reads at 4.5:1 on the page and on the surface; text on a
 * button is black or white, whichever reads; a button colour too close to the page gets a border.
 */
export interface FittedPalette {
  primary: string;
  accent: string;
  onPrimary: string;
  onAccent: string;
  primaryInk: string;
  accentInk: string;
}

export function fitPalette(given: Pick<Palette, 'primary' | 'accent'>, family: DesignFamily): FittedPalette {
  let palette = given;
  const { bg, surface } = family.surfaces;
  // "Todo negro con detalles en verde": a colour that is the page itself gives way to the other one.
  if (contrast(palette.primary, bg) < 1.6 && contrast(palette.accent, bg) > contrast(palette.primary, bg)) {
    palette = { primary: palette.accent, accent: palette.primary };
  }
  if (contrast(palette.accent, bg) < 1.6) palette = { ...palette, accent: palette.primary };
  const target = family.highContrast ? 7 : 4.5;
  const ink = (colour: string) => {
    const onBg = readableOn(colour, bg, target + 0.3);
    return contrast(onBg, surface) >= target ? onBg : readableOn(onBg, surface, target + 0.3);
  };
  // A button's own colour: the brand colour unless it would vanish into the page (3:1 for UI parts).
  // Its label is black or white, whichever reads; a colour neither reads on at 4.5:1 is moved a little.
  const solid = (colour: string) => {
    const shown = contrast(colour, bg) >= 3 ? colour : readableOn(colour, bg, 3.2);
    const label = textOn(shown);
    return contrast(label, shown) >= 4.5 ? shown : readableOn(shown, label, 4.6);
  };
  const primary = family.highContrast ? ink(palette.primary) : solid(palette.primary);
  const accent = family.highContrast ? ink(palette.accent) : solid(palette.accent);
  return {
    primary,
    accent,
    onPrimary: textOn(primary),
    onAccent: textOn(accent),
    primaryInk: ink(palette.primary),
    accentInk: ink(palette.accent),
  };
}

/** Every pair of the palette a visitor reads, with its ratio (for tests and the build check). */
export function contrastPairs(fitted: FittedPalette, family: DesignFamily): [string, number][] {
  const { bg, surface, text, muted } = family.surfaces;
  return [
    ['text/bg', contrast(text, bg)],
    ['text/surface', contrast(text, surface)],
    ['muted/bg', contrast(muted, bg)],
    ['muted/surface', contrast(muted, surface)],
    ['primaryInk/bg', contrast(fitted.primaryInk, bg)],
    ['primaryInk/surface', contrast(fitted.primaryInk, surface)],
    ['accentInk/bg', contrast(fitted.accentInk, bg)],
    ['onPrimary/primary', contrast(fitted.onPrimary, fitted.primary)],
    ['onAccent/accent', contrast(fitted.onAccent, fitted.accent)],
  ];
}
