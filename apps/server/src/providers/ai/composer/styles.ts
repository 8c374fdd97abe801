import type { Palette, SiteBrief } from './analyse';
import { readableOn, textOn } from './colour';
import { familyOf, heroVariantFor } from './design/choose';
import { familyStyles, familyTokens } from './design/family-css';
import { siteScript } from './site-script.data';
import { baseStyles } from './styles-base.data';
import { extraStyles } from './styles-extra.data';

/**
 * style.css of a composed site: design tokens on :root (one per line, so a colour change is a
 * one-line edit), then base styles, one block per section and the design family's own rules
 * (design/); the family's typefaces are in fonts.css, served with the site.
 */

export function paletteLines(palette: Palette): string[] {
  const surfaces = palette.dark
    ? ['#0b1020', '#131a2e', '#e5e7eb', '#a3acbd', '#263049']
    : ['#ffffff', '#f6f7fb', '#0f172a', '#4b5870', '#e3e8f0'];
  const bg = surfaces[0] as string;
  return [
    `  --color-primary: ${palette.primary};`,
    `  --color-accent: ${palette.accent};`,
    `  --on-primary: ${textOn(palette.primary)};`,
    `  --on-accent: ${textOn(palette.accent)};`,
    `  --color-primary-ink: ${readableOn(palette.primary, bg, 5.6)};`,
    `  --color-accent-ink: ${readableOn(palette.accent, bg, 5.6)};`,
    `  --color-bg: ${bg};`,
    `  --color-surface: ${surfaces[1]};`,
    `  --color-text: ${surfaces[2]};`,
    `  --color-muted: ${surfaces[3]};`,
    `  --color-border: ${surfaces[4]};`,
  ];
}

export function renderStyles(
  brief: Pick<SiteBrief, 'palette' | 'tone' | 'design' | 'font' | 'family' | 'kind' | 'kindId' | 'noun'>,
): string {
  const family = familyOf(brief);
  const base = `/* Design tokens: change the colours here. */
:root {
${familyTokens(family, brief.palette, brief.font).join('\n')}
  --primary-soft: color-mix(in srgb, var(--color-primary) 12%, var(--color-bg));
  --accent-soft: color-mix(in srgb, var(--color-accent) 14%, var(--color-bg));
}
${baseStyles}`;
  return `${base.replace(/color: var\(--color-primary\);/g, 'color: var(--color-primary-ink);').replace(/color: var\(--color-accent\);/g, 'color: var(--color-accent-ink);')}${extraStyles}${familyStyles(family, heroVariantFor(brief.kindId ?? brief.kind, brief.noun))}`;
}

export function renderScript(): string {
  return siteScript;
}
