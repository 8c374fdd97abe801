import type { Tone } from '../analyse';

/** A typeface from an @fontsource package: its package name (without the scope) and the weight used. */
export interface FontRef {
  font: string;
  weight?: number;
  /** The system stack shown while the face loads, or where it cannot. */
  fallback: string;
}

export type HeroLayout = 'split' | 'full' | 'editorial' | 'collage' | 'type';

/** How a split or collage hero is arranged on a site: as the family draws it, art first, art under the copy, or art wider than the copy. */
export type HeroVariant = 'base' | 'mirror' | 'stack' | 'wide' | 'over';

/** A design family (families.data.ts): a coherent system, not a palette swap. */
export interface DesignFamily {
  id: string;
  /** Its name in the editor, [es, en]. */
  name: [string, string];
  display: FontRef & { weight: number };
  body: FontRef;
  surfaces: { bg: string; surface: string; text: string; muted: string; border: string };
  dark: boolean;
  highContrast?: boolean;
  scale: { h1: string; h2: string; tracking: string; case: 'none' | 'uppercase' };
  /** The vertical rhythm: padding of a section. */
  space: string;
  radius: string;
  /** The outline of the hero's art where it differs from the corners (an arch). */
  artShape?: string;
  shadow: string;
  button: 'pill' | 'rounded' | 'square' | 'underline';
  layout: {
    hero: HeroLayout;
    services: 'cards' | 'list' | 'rows';
    gallery: 'masonry' | 'grid';
    menu: 'leaders' | 'table';
    nav: 'bar' | 'centred';
  };
  /** Tones of the brief (analyse.ts) this family answers. */
  tones: Tone[];
  /** Style words of a brief that choose this family (a regular expression's alternatives). */
  words: string;
}
