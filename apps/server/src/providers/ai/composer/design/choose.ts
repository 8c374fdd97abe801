import { namedColours, stableHash, type Tone, wordPattern } from '../analyse';
import { families, familiesByKind } from './families.data';
import type { DesignFamily, HeroVariant } from './types';

/**
 * Which design family a brief gets (ADR 0250): deterministic, so the same brief gives the same site.
 * A dark site when the brief asks for one; then the family whose style words the brief uses first;
 * then the families that suit the kind, narrowed by tone, and one of those by a hash of the brief.
 */

/** Dark themes named with a colour ("todo negro"), looked for in the whole brief. */
const DARK_COLOUR_WORDS =
  'fondo negro|fondos negros|todo negro|todo en negro|negro total|sobre negro|sobre fondo negro|black background|black bg|dark bg|on black|all black|fondo oscuro';
/** Dark themes in words, looked for outside colour names ("verde oscuro" is a colour). */
const DARK_WORDS =
  '(?:modo|tema|estilo|dise[nñ]o|look|ambiente) oscuro|web oscura|p[aá]gina oscura|en oscuro|dark (?:mode|theme|style|design|look|site|website)|nocturn[oa]';

/** Whether a brief or a follow-up asks for a dark site. */
export function asksDark(text: string): boolean {
  if (wordPattern(DARK_COLOUR_WORDS, 'iu').test(text)) return true;
  const plain = namedColours.reduce((rest, colour) => rest.replace(colour.pattern, ' '), text);
  return wordPattern(DARK_WORDS, 'iu').test(plain);
}

export function familyById(id: string | undefined): DesignFamily | undefined {
  return families.find((f) => f.id === id);
}

export function chooseFamily(opts: {
  text: string;
  kindFamily: string;
  kindId: string;
  tone: Tone;
  dark: boolean;
}): DesignFamily {
  const { text, tone } = opts;
  const suited = (familiesByKind[opts.kindFamily] ?? familiesByKind.business ?? [])
    .map(familyById)
    .filter((f): f is DesignFamily => f !== undefined);
  const hash = stableHash(`${opts.kindId}|${text}`);
  const worded = families
    .map((f) => ({ f, at: wordPattern(f.words, 'iu').exec(text)?.index ?? -1 }))
    .filter((w) => w.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((w) => w.f);
  const dark = opts.dark || asksDark(text);
  if (dark) {
    const darkOnes = families.filter((f) => f.dark);
    const pick =
      worded.find((f) => f.dark) ??
      suited.find((f) => f.dark) ??
      (tone === 'elegant' || tone === 'warm'
        ? familyById('noir')
        : opts.kindFamily === 'fitness'
          ? familyById('forge')
          : familyById('neon'));
    return pick ?? (darkOnes[0] as DesignFamily);
  }
  const named = worded.find((f) => !f.dark);
  if (named) return named;
  // The kind's families that share the tone come first; with fewer than three, the kind's others
  // join, so sites of one kind and tone do not all look alike.
  const light = suited.filter((f) => !f.dark);
  const byTone = light.filter((f) => f.tones.includes(tone));
  const pool = [...byTone, ...light.filter((f) => !byTone.includes(f))].slice(0, Math.max(3, byTone.length));
  return pool[hash % pool.length] ?? (families[0] as DesignFamily);
}

/** The families offered by "Cambiar diseño": every other one, in a stable order. */
export function otherFamilies(current: string): DesignFamily[] {
  return families.filter((f) => f.id !== current);
}

/** The brief's family, or the one its kind and tone choose when it has none (starter templates, old briefs). */
export function familyOf(brief: { family?: string; kind: string; tone?: Tone; palette: { dark: boolean } }): DesignFamily {
  return (
    familyById(brief.family) ??
    chooseFamily({
      text: '',
      kindFamily: brief.kind,
      kindId: brief.kind,
      tone: brief.tone ?? 'minimal',
      dark: brief.palette.dark,
    })
  );
}

export const HERO_VARIANTS: HeroVariant[] = ['base', 'mirror', 'stack', 'wide', 'over'];

/**
 * The hero's arrangement for a site (issue 38: one first-screen layout carried 34 of 80 sites, the
 * split and collage families all drawing copy left, art right): by the kind, so the same brief
 * gives the same site and kinds of one family do not all open alike. (The kind alone spread the
 * fresh corpus most evenly: 13/12/12/11 of its 48 split and collage sites; with the tone, 15/14/11/8.
 * A fifth arrangement, the art as a band above the copy, took the largest share from 9 of 80 sites
 * down, ADR 0274.)
 */
export function heroVariantFor(kindId: string, ownNoun?: string): HeroVariant {
  // The neutral kind carries every business the composer has no template for (half of a held-out
  // set of uncommon kinds): keyed by the kind alone they all opened alike (16 of 50 sites, ADR 0286),
  // so there the business's own noun ("herbolario", "tapicería") picks the arrangement.
  const key = kindId === 'business' && ownNoun ? `${kindId}:${ownNoun.toLowerCase()}` : kindId;
  return HERO_VARIANTS[stableHash(key) % HERO_VARIANTS.length] ?? 'base';
}
