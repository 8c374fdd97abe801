import type { SectionId, SiteKind } from '../analyse';

/**
 * One kind of site of the taxonomy: how people name it (Spanish and English cues), the layout
 * family it shares with its neighbours, and the words, sections and sample offer that belong to it.
 */
export interface KindDef {
  id: string;
  /** The layout family (and starter template) it belongs to. */
  family: SiteKind;
  /** The noun people use: "panadería" / "bakery". */
  noun: [string, string];
  /** Regex alternation of the words that name it (both languages, lower case, accents optional). */
  cues: string;
  /** Sections of its usual page, in page order (hero and footer are added). */
  sections: SectionId[];
  /** The main call to action and the section it leads to. */
  cta: [string, string];
  ctaTarget: SectionId;
  /** The title of what it offers ("Nuestros panes" / "Our breads"). */
  offer: [string, string];
  /** Sample offer, by name only (Spanish; English). */
  items: [string[], string[]];
  /** A one-line promise, without invented facts. */
  tagline: [string, string];
  palette: [string, string];
  /** A weak cue (a generic word such as "empresa") only decides when nothing else does. */
  weak?: boolean;
}

type Row = [
  id: string,
  family: SiteKind,
  noun: string,
  cues: string,
  sections: string,
  cta: string,
  ctaTarget: SectionId,
  offer: string,
  itemsEs: string,
  itemsEn: string,
  tagline: string,
  palette: string,
];

/** Builds kind definitions from compact rows ("es|en" pairs, ";"-separated lists). */
export function kinds(rows: Row[]): KindDef[] {
  const pair = (s: string): [string, string] => {
    const [es = '', en = es] = s.split('|');
    return [es, en];
  };
  return rows.map(([id, family, noun, cues, sections, cta, ctaTarget, offer, itemsEs, itemsEn, tagline, palette]) => ({
    id,
    family,
    noun: pair(noun),
    cues,
    sections: sections.split(/\s+/).filter(Boolean) as SectionId[],
    cta: pair(cta),
    ctaTarget,
    offer: pair(offer),
    items: [itemsEs.split(';'), itemsEn.split(';')],
    tagline: pair(tagline),
    palette: pair(palette),
  }));
}
