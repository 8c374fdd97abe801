import type { KindDef } from './kind-types';
import { digitalKinds } from './kinds-digital';
import { peopleKinds } from './kinds-people';
import { placeKinds } from './kinds-places';

/** Every kind of the taxonomy; 'business' is the neutral one. */
export const allKinds: KindDef[] = [...placeKinds, ...peopleKinds, ...digitalKinds];

const byId = new Map(allKinds.map((k) => [k.id, k]));

export function kindById(id: string): KindDef {
  return byId.get(id) ?? (byId.get('business') as KindDef);
}

/** Kinds whose words are containers ("clínica", "tienda", "escuela"): a more specific kind near them wins. */
const BROAD = new Set(['shop', 'clinic', 'school', 'agency', 'event', 'business', 'tutoring', 'personal', 'designer']);

const patterns = allKinds.map((k) => ({ kind: k, re: new RegExp(`(?<![\\p{L}\\p{N}])(?:${k.cues})(?![\\p{L}\\p{N}])`, 'giu') }));

/** A list of clients after a bare "para"/"for", up to the end of the clause. */
const CLIENTS =
  /(?<![\p{L}])(?:para|for)\s+(?!(?:mi|mis|tu|tus|su|sus|nuestr[oa]s?|el|la|los|las|un|una|my|our|your|the|a|an|this|esta|este)\s)([^.:;!?()]+)/giu;

/** Words that only say "a website" or open a request; what is left before "para" is the business. */
const SITE_WORDS =
  /(?<![\p{L}])(?:quiero|necesito|hazme|haz|crea|cr[eé]ame|dise[nñ]a|una?|mi|nuestr[oa]|web|p[aá]gina|sitio|landing(?: page)?|portfolio|tienda online|i|we|need|want|make|build|create|a|an|my|our|website|site|page|please|por favor)(?![\p{L}])/giu;
const SUBJECT = /\p{L}{4,}/u;

interface Hit {
  kind: KindDef;
  start: number;
  end: number;
  weight: number;
}

function hitsOf(text: string): Hit[] {
  const all: Hit[] = [];
  for (const { kind, re } of patterns) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const start = m.index ?? 0;
      all.push({ kind, start, end: start + m[0].length, weight: BROAD.has(kind.id) ? 0.5 : 1 });
    }
  }
  // Overlapping words: the longest wins ("clínica dental" over "clínica"), then the more specific kind.
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.weight - b.weight);
  const kept: Hit[] = [];
  for (const hit of all) {
    if (kept.some((k) => hit.start < k.end && hit.end > k.start)) continue;
    kept.push(hit);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** Whether a single word names a kind (used to tell "Panadería" from a name). */
export function isKindWord(word: string): boolean {
  return patterns.some(({ re }) => {
    re.lastIndex = 0;
    const m = re.exec(word);
    return m !== null && m[0].length === word.length;
  });
}

/**
 * The kind of site. Every cue counts; a cue that only modifies another ("fotógrafo de bodas",
 * "wedding photographer") counts little; cues inside the business name count less than the words
 * around it ("Librería Café Papiro" is a bookshop: the first noun of a Spanish name is its head).
 */
export function detectKindId(text: string, language: 'es' | 'en', name: string | null): string {
  const hits = hitsOf(text);
  if (hits.length === 0) return 'business';
  const nameStart = name ? text.indexOf(name) : -1;
  const nameEnd = nameStart >= 0 && name ? nameStart + name.length : -1;
  for (let i = 0; i < hits.length; i++) {
    const hit = hits[i] as Hit;
    const prev = hits[i - 1];
    const gap = prev ? text.slice(prev.end, hit.start) : '';
    if (prev && gap.length <= 14) {
      const ofGap = /^\s+(?:de|del|de la|de los|para|para el|para la|of|for)\s+$/iu.test(gap);
      // "wedding & elopement photographer": coordinated modifiers still modify the last noun.
      const adjacent = /^\s*[-–]?\s*$/u.test(gap) || (language === 'en' && /^\s+(?:&|and)\s+[\p{Ll}-]+\s+$/u.test(gap));
      const bothBroad = BROAD.has(prev.kind.id) && BROAD.has(hit.kind.id);
      if ((ofGap || (adjacent && language === 'es')) && !bothBroad) {
        // Spanish "X de Y" / "X Y": X is the head, unless X only says "a clinic", "a shop".
        if (BROAD.has(prev.kind.id)) prev.weight *= 0.3;
        else hit.weight *= 0.3;
      } else if (adjacent && language === 'en' && !bothBroad) {
        // English "Y X": the last noun is the head, unless it is a container ("dental clinic").
        if (BROAD.has(hit.kind.id)) hit.weight *= 0.3;
        else prev.weight *= 0.3;
      }
    }
    // A cue inside the name counts less than the words around it, unless it is the name's head:
    // opening a Spanish name ("CATERING LOS OLIVOS"), closing an English one ("Nord Architects").
    // "Paws & Claws Veterinary Clinic": before a closing container word, the modifier is the head.
    const next = hits[i + 1];
    const beforeContainer =
      next !== undefined && BROAD.has(next.kind.id) && next.end === nameEnd && /^\s*$/u.test(text.slice(hit.end, next.start));
    const head =
      (language === 'es' && hit.start === nameStart) || (language === 'en' && (hit.end === nameEnd || beforeContainer));
    if (nameStart >= 0 && hit.start >= nameStart && hit.end <= nameEnd && !head)
      hit.weight *= hits.some((h) => h.start < nameStart || h.start >= nameEnd) ? 0.4 : 1;
  }
  // Whom they serve or what they sell, after a bare "para"/"for" ("drones para bodas, inmobiliarias
  // y eventos", "an invoicing tool for freelancers"): such words describe clients, not the business,
  // and count little once a business word came before them. "para mi boda" / "for our wedding"
  // (a determiner) is the site's own subject and keeps its weight.
  const clientHits = new Set<Hit>();
  for (const m of text.matchAll(CLIENTS)) {
    const start = (m.index ?? 0) + m[0].length - (m[1] ?? '').length;
    const end = start + (m[1] ?? '').length;
    // "for Okafor + Lindqvist Architects": a capital opens a name, not a list of clients.
    if (/^\p{Lu}/u.test(m[1] ?? '')) continue;
    // Before it, the business itself: a kind word, or any noun that is not "a website".
    const before = text.slice(0, m.index ?? 0);
    const business = hits.some((h) => h.end <= start) || SUBJECT.test(before.replace(SITE_WORDS, ' '));
    if (!business) continue;
    for (const h of hits) {
      const inName = nameStart >= 0 && h.start >= nameStart && h.end <= nameEnd;
      if (h.start >= start && h.end <= end && !inName) {
        h.weight *= 0.2;
        clientHits.add(h);
      }
    }
  }
  // The first cue of the name is its head: within the name, later cues count less.
  const inName = hits.filter((h) => nameStart >= 0 && h.start >= nameStart && h.end <= nameEnd);
  for (const h of inName.slice(1)) h.weight *= 0.5;
  const scores = new Map<string, { score: number; first: number }>();
  for (const hit of hits) {
    const s = scores.get(hit.kind.id) ?? { score: 0, first: hit.start };
    s.score += hit.weight;
    scores.set(hit.kind.id, s);
  }
  let best: [string, { score: number; first: number }] | null = null;
  for (const entry of scores) {
    if (
      !best ||
      entry[1].score > best[1].score + 1e-9 ||
      (Math.abs(entry[1].score - best[1].score) < 1e-9 && entry[1].first < best[1].first)
    ) {
      best = entry;
    }
  }
  // Only clients were named ("estudio de vídeo para bodas"): the business is outside the taxonomy.
  if (best && hits.filter((h) => h.kind.id === best[0]).every((h) => clientHits.has(h))) return 'business';
  return best?.[0] ?? 'business';
}
