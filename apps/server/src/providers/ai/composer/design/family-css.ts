import type { Palette } from '../analyse';
import { fontStacks } from './fonts';
import {
  buttonStyles,
  galleryLayouts,
  heroLayouts,
  heroVariants,
  menuLayouts,
  navLayouts,
  servicesLayouts,
} from './layouts.data';
import { fitPalette } from './palette';
import type { DesignFamily, HeroVariant } from './types';

/** The design tokens of a family on :root, one per line (so a colour change is a one-line edit). */
export function familyTokens(family: DesignFamily, palette: Pick<Palette, 'primary' | 'accent'>, font?: string): string[] {
  const p = fitPalette(palette, family);
  const s = family.surfaces;
  const stacks = fontStacks(family);
  const display = font ? `"${font.replace(/["\\]/g, '')}", ${stacks.display}` : stacks.display;
  return [
    `  --color-primary: ${p.primary};`,
    `  --color-accent: ${p.accent};`,
    `  --on-primary: ${p.onPrimary};`,
    `  --on-accent: ${p.onAccent};`,
    `  --color-primary-ink: ${p.primaryInk};`,
    `  --color-accent-ink: ${p.accentInk};`,
    `  --color-bg: ${s.bg};`,
    `  --color-surface: ${s.surface};`,
    `  --color-text: ${s.text};`,
    `  --color-muted: ${s.muted};`,
    `  --color-border: ${s.border};`,
    `  --font-display: ${display};`,
    `  --font: ${stacks.body};`,
    `  --radius: ${family.radius};`,
    `  --art-radius: ${family.artShape ?? family.radius};`,
    `  --shadow: ${family.shadow};`,
    `  --space: ${family.space};`,
    `  --h1: ${family.scale.h1};`,
    `  --h1-type: calc(${family.scale.h1} * 1.35);`,
    `  --h2: ${family.scale.h2};`,
    `  --tracking: ${family.scale.tracking};`,
  ];
}

/** The family's own rules after the base stylesheet: type, surfaces, the hero's art and the layouts. */
export function familyStyles(family: DesignFamily, variant: HeroVariant = 'base'): string {
  const upper = family.scale.case === 'uppercase';
  const art = family.dark
    ? [
        '  --art-bg: radial-gradient(circle at 30% 20%, color-mix(in srgb, var(--color-primary) 30%, var(--color-surface)), var(--color-surface) 70%);',
        '  --art-ink: var(--color-primary-ink);',
        '  --art-line: color-mix(in srgb, var(--color-primary-ink) 45%, transparent);',
      ]
    : [
        '  --art-bg: radial-gradient(circle at 30% 20%, var(--accent-soft), transparent 60%), repeating-linear-gradient(135deg, var(--primary-soft) 0 2px, transparent 2px 14px), var(--color-surface);',
        '  --art-ink: var(--color-primary-ink);',
        '  --art-line: color-mix(in srgb, var(--color-primary-ink) 40%, transparent);',
      ];
  return `
/* Design: ${family.name[1]} (${family.id}) */
:root {
${art.join('\n')}
  --art-deep: radial-gradient(circle at 80% 20%, color-mix(in srgb, var(--color-accent) 45%, #0b0b0b), transparent 60%), color-mix(in srgb, var(--color-primary) 45%, #0b0b0b);
}

body { font-family: var(--font); }
h1, h2, h3 { font-family: var(--font-display); letter-spacing: var(--tracking);${upper ? ' text-transform: uppercase;' : ''} }
h1 { font-size: var(--h1); font-weight: ${family.display.weight}; overflow-wrap: break-word; hyphens: auto; }
h2 { font-size: var(--h2); font-weight: ${family.display.weight}; }
h2, h3 { overflow-wrap: break-word; }
h3 { font-weight: ${Math.min(family.display.weight, 700)}; }
.section { padding: var(--space) 0; }
.section:nth-of-type(even) { background: var(--color-surface); }
.hero { background: var(--color-bg); }
.eyebrow { padding: 0; border-radius: 0; background: none; color: var(--color-primary-ink); letter-spacing: 0.14em; font-size: 0.8rem; }
.brand-mark { border-radius: var(--radius); background: var(--color-primary); }
.card-icon { border-radius: var(--radius); }
${family.highContrast ? '.card, .plan, .quote, .product, .member { border: 2px solid var(--color-text); }\n.nav-links a { color: var(--color-text); text-decoration: underline; text-underline-offset: 0.3em; }\n' : ''}${buttonStyles[family.button]}
${heroLayouts[family.layout.hero]}${heroVariants[variantOn(family, variant)]}${servicesLayouts[family.layout.services]}${galleryLayouts[family.layout.gallery]}${menuLayouts[family.layout.menu]}${navLayouts[family.layout.nav]}${heroFit(upper)}${upper ? smallHeadings : ''}`;
}

/**
 * The hero's title fits its column from 320 to 1440 px: a name whose longest word has N letters
 * (hero-fit-N, sections-lists.ts) is set no larger than N letters fit in the column, with room for a
 * wide face (0.78 em a letter, 0.85 in capitals), instead of breaking inside the word.
 */
function heroFit(upper: boolean): string {
  const glyph = upper ? 0.85 : 0.78;
  const sizes = Array.from({ length: 13 }, (_, i) => i + 8).map(
    (n) => `.hero h1.hero-fit-${n} { font-size: min(var(--hero-h1, var(--h1)), ${(100 / (n * glyph)).toFixed(2)}cqi); }`,
  );
  return `
/* The hero's title fits its column: a long word sets a smaller size, never a break inside it. */
.hero-copy { container-type: inline-size; width: 100%; min-width: 0; }
.hero h1 { overflow-wrap: break-word; hyphens: manual; }
${sizes.join('\n')}
`;
}

/** Display faces set in capitals (a poster's condensed face) are unreadable small: small headings use the text face. */
const smallHeadings = `
h3 { font-family: var(--font); font-weight: 700; text-transform: none; letter-spacing: 0; }
`;

/** Whether a family's hero takes variants (split and collage do); the base arrangement otherwise. */
export function variantOn(family: DesignFamily, variant: HeroVariant): HeroVariant {
  return family.layout.hero === 'split' || family.layout.hero === 'collage' ? variant : 'base';
}
