import type { KindDef } from './kind-types';
import { digitalKinds } from './kinds-digital';
import { peopleKinds } from './kinds-people.data';
import { placeKinds } from './kinds-places.data';

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

const GREETING =
  /^(?:(?:hola+|holi|buenas(?: tardes| noches)?|buenos d[ií]as|q(?:u[eé])? tal|hey|hi+|hello|hiya|good (?:morning|afternoon|evening)|kia ora|saludos|ey|oye|a todos|there|all|team|equipo|amigos|folks)[\s,!.]*){1,4}$/iu;
/** A sentence that only asks for a website ("Necesito una web.") names no business. */
const onlySiteWords = (s: string) => !SUBJECT.test(s.replace(SITE_WORDS, ' ').replace(/[^\p{L}\s]/gu, ' '));

/**
 * Where the brief says what the business is: its first sentence that is neither a greeting nor a bare
 * request for a website. A full stop after a short word ("Ldo.", "Av.", "Dr.") does not end it.
 */
export function openingOf(text: string): [number, number] {
  const ends =
    /[!?¡¿\n]+|(?<!(?:^|[^\p{L}])(?:av|avda|ldo|lda|lic|dr|dra|sr|sra|sta|st|mr|mrs|ms|d|dª|pza|c|cl|n|nº|no|co|ltd|inc|jr|capt|prof|ing|arq|vol|ej|etc|approx))\.(?=\s|$)/giu;
  let start = 0;
  for (const m of text.matchAll(ends)) {
    const end = m.index ?? 0;
    const sentence = text.slice(start, end).trim();
    if (sentence && !GREETING.test(sentence.replace(/[,.\s]+$/u, '')) && !onlySiteWords(sentence)) return [start, end];
    start = end + m[0].length;
  }
  return [start, text.length];
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
  const all = hitsOf(text);
  if (all.length === 0) return 'business';
  // The business is named where the brief introduces itself: its opening sentence and its name. Words
  // further on name what it sells, whom it serves or where it plays ("tapas" of a shoe, a pizza at a
  // bowling alley, a photo on a night tour); they never choose the trade. An opening that names no
  // kind is a trade outside the taxonomy: the neutral layout, built from the brief's own words.
  const [from, to] = openingOf(text);
  const nameAt = name ? text.indexOf(name) : -1;
  const inOpening = (h: Hit) =>
    (h.start >= from && h.end <= to) || (nameAt >= 0 && h.start >= nameAt && h.end <= nameAt + (name?.length ?? 0));
  // "taller de cerámica", "workshop of guitars": the event's container word with a "de …" that names
  // nothing of the taxonomy is a trade of its own, not an event.
  const specified = (h: Hit) => {
    // A shop, a school or a clinic of anything keeps its template; a "workshop of X" is not an event.
    if (h.kind.id !== 'event') return false;
    // The cue may hold the "de" itself ("taller de").
    const own = /\s(?:de|del|of)$/iu.test(text.slice(h.start, h.end));
    const of = text.slice(h.end).match(own ? /^\s*(?=\p{L}{4,})/u : /^\s+(?:de|del|de la|de los|de las|of)\s+(?=\p{L}{4,})/iu);
    if (!of) return false;
    const at = h.end + of[0].length;
    return !all.some((o) => o.start === at);
  };
  let hits = all.filter((h) => inOpening(h) && !specified(h));
  if (hits.length === 0) return 'business';
  // The noun the writer uses for their own business ("mi taller de cerámica", "we're a surf school",
  // "knife sharpening service in Sheffield") decides: a cue elsewhere names a client, a product or a
  // place. A noun that names no kind, or only a container with a trade of its own ("escuela de
  // ajedrez", "surf school"), is a trade outside the taxonomy: the neutral layout.
  const own = ownNounSpan(text, from, to, name);
  if (own) {
    const inside = hits.filter((h) => h.start < own[1] && h.end > own[0]);
    if (inside.length === 0 || containerOfOtherTrade(text.slice(own[0], own[2]), inside, own[0])) return 'business';
    hits = inside;
  }
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

/** "mi X", "tengo un X", "somos una X", "we're a X", "I run a X": the writer's own business noun. */
const OWN_NOUN =
  /(?<![\p{L}])(?:(?:mi|nuestr[oa]|my|our)\s+|(?:tengo|tenemos|somos|llevo|llevamos|regento|we(?:'re| are)|i(?:'m| am)|i run|we run|i own|we own)\s+(?:un|una|el|la|a|an|the)\s+|(?:hacemos|fabricamos|vendemos|reparamos|alquilamos|rentamos|we make|we sell|we repair|we rent|we hire out)\s+)(?:(?:peque[nñ]\p{L}*|familiar|small|family|little|new|nuev[oa])\s+)?(?:(?:negocio|empresa|business|company)\s+(?:de\s+|of\s+)?)?(\p{Ll}[\p{L}\s&'-]*?)(?=\s+(?:en|in|on|near|at|que|called|llamad[oa]|se llama|named|con|with|y|and|para|for|desde|since|based|out)(?![\p{L}])|[,.;:()!?\n—–"«]|$)/giu;
/**
 * "Fletes y mudanzas en La Plata", "knife sharpening service in Sheffield": a noun before its town;
 * "Escuela de buceo Mar Azul": a noun "X de Y" before the name.
 */
const NOUN_IN_TOWN = /^(\p{L}[\p{Ll}\s&'-]*?)\s+(?:en|in)\s+\p{Lu}|^(\p{L}\p{Ll}+\s+(?:de|del)\s+\p{Ll}[\p{Ll}\s]*?)\s+\p{Lu}/u;
const NOT_A_NOUN =
  /(?<![\p{L}])(?:web|p[aá]gina|sitio|site|website|landing|nombre|name|casa|home|familia|family|marido|mujer|esposa|husband|wife|hij[oa]s?|kids?|idea|proyecto|project)(?![\p{L}])/iu;

/** Where the own noun starts, where it (with a name said right after it) ends, and where the noun alone ends. */
function ownNounSpan(text: string, from: number, to: number, name: string | null): [number, number, number] | null {
  const opening = text.slice(from, to);
  for (const m of opening.matchAll(OWN_NOUN)) {
    const noun = m[1] ?? '';
    if (!SUBJECT.test(noun) || NOT_A_NOUN.test(noun) || noun.split(/\s+/u).length > 5) continue;
    // "mi"/"my" names the business only where the brief opens with it ("una web para mi X"); further
    // on it is what the business makes or sells ("a shop for my handmade ceramics").
    const before = opening.slice(0, m.index ?? 0).replace(/(?<![\p{L}])(?:para|for|de|del|of|sobre|about)(?![\p{L}])/giu, ' ');
    if (/^(?:mi|nuestr[oa]|my|our)\s/iu.test(m[0]) && !onlySiteWords(before)) continue;
    const start = from + (m.index ?? 0) + m[0].length - noun.length;
    const end = start + noun.length;
    // "nuestro centro, Fisioterapia Moreno": a bare noun followed by the name says it with the name.
    const after = name ? (text.slice(end).match(/^[\s,:"«“]*/u)?.[0].length ?? 0) : 0;
    if (name && text.startsWith(name, end + after)) return [start, end + after + name.length, end];
    return [start, end, end];
  }
  const lead =
    opening.match(/^(?:(?:hola+|hiya|hi|hey|hello|buenas(?: tardes| noches)?|buenos d[ií]as|ey)[\s,!.]+)*/iu)?.[0] ?? '';
  const found = opening.slice(lead.length).match(NOUN_IN_TOWN);
  const town = (found?.[1] ?? found?.[2])?.replace(/\s+(?:para|for|que|con|with)(?![\p{L}])[\s\S]*$/u, '');
  if (!town || NOT_A_NOUN.test(town) || town.split(/\s+/u).length > 5 || onlySiteWords(town)) return null;
  const start = from + lead.length;
  return [start, start + town.length, start + town.length];
}

/** Words that only qualify a container ("online shop", "clínica privada"), never a trade of its own. */
const QUALIFIERS =
  /^(?:de|del|la|las|los|el|of|the|y|and|&|online|local|private|public|independent|small|little|new|privad[oa]s?|p[uú]blic[oa]s?|f[ií]sic[oa]s?|familiar(?:es)?|peque[nñ]\p{L}*|nuev[oa]s?|moderna?s?|modern)$/iu;
const CONTAINERS = new Set(['school', 'clinic', 'event', 'agency']);
/** A noun made only of container kinds plus a word of its own ("surf school", "escuela de ajedrez"). */
function containerOfOtherTrade(noun: string, inside: Hit[], at: number): boolean {
  // A shop of anything is a shop ("tienda de cerámica"), an "academia de X" gives lessons of X; a
  // school, a clinic, an agency or an event of a trade outside the taxonomy is that trade.
  if (!inside.every((h) => CONTAINERS.has(h.kind.id))) return false;
  let rest = noun;
  for (const h of inside.filter((h) => h.start >= at && h.end - at <= noun.length))
    rest = rest.slice(0, h.start - at) + ' '.repeat(h.end - h.start) + rest.slice(h.end - at);
  return rest.split(/[\s,]+/u).some((w) => /^\p{L}{3,}$/u.test(w) && !QUALIFIERS.test(w));
}

/**
 * The word the brief itself uses for the kind ("autoescuela" for the school kind), first in its
 * opening; inside the business name only as its first word ("ReactConf" is a name, not a noun).
 */
export function kindWordOf(text: string, kindId: string, name: string | null): string | undefined {
  const [from, to] = openingOf(text);
  const re = patterns.find((p) => p.kind.id === kindId)?.re;
  if (!re) return undefined;
  // A cue inside the name counts only as its head ("Autoescuela Vía Libre"), never further in.
  const nameAt = name ? text.indexOf(name) : -1;
  const fits = (m: RegExpMatchArray) => {
    const at = from + (m.index ?? 0);
    return nameAt < 0 || at === nameAt || at < nameAt || at >= nameAt + (name?.length ?? 0);
  };
  re.lastIndex = 0;
  const hit = [...text.slice(from, to).matchAll(re)].find(fits);
  const word = hit?.[0].trim();
  return word && word.length >= 4 ? word : undefined;
}

const NOUN_STOP =
  /\s+(?:en|in|on|near|cerca de|out of|based|desde|since|que|que se|called|llamad[oa]|se llama|named|con|with|and we|y (?:somos|tenemos|hacemos)|para|for|at)(?![\p{L}])[\s\S]*$/iu;

/**
 * The business noun of a brief outside the taxonomy, in its own words: "alquiler de kayaks" from
 * "tengo un negocio de alquiler de kayaks en…", "freelance translator" from "I'm a freelance
 * translator, …", "Fishing charters" from "Fishing charters out of Islamorada — Reel Deal…". The
 * neutral layout says it instead of "Empresa"; nothing when the opening has no such noun.
 */
export function businessNoun(text: string, name: string | null): string | undefined {
  const [from, to] = openingOf(text);
  let opening = text.slice(from, to).trim();
  const verb = opening.match(
    /(?<![\p{L}])(?:tengo|tenemos|somos|soy|llevo|llevamos|regento|es|we(?:'re| are)|i(?:'m| am)|i run|we run)\s+(?:(?:un|una|el|la|a|an|the)\s+)?(?:(?:peque[nñ]|pequeña|familiar|small|family|little)\S*\s+)?(?:(?:negocio|empresa|business|company)\s+(?:de\s+|of\s+)?)?([^,.;:()!?\n—–-]+)/iu,
  )?.[1];
  // "Soy Flor, adiestradora…", "somos Cielos de Tabernas": after the verb a capital is a name.
  if (verb && /^\p{Lu}\p{Ll}/u.test(verb)) return undefined;
  const said = verb ?? (name && opening.indexOf(name) > 0 ? opening.slice(0, opening.indexOf(name)) : opening);
  opening = said
    .trim()
    .replace(NOUN_STOP, '')
    .replace(/^(?:(?:hola+|hiya|hi|hey|hello|buenas|ey|q tal)[\s,!.]+)+/iu, '')
    .replace(/(?:\s+(?:site|website|web|page|p[aá]gina|please|porfa|por favor))+$/iu, '')
    .replace(/[\s,:;—–-]+$/u, '')
    .trim();
  if (name) opening = opening.replace(name, '').trim();
  // "Vivero El Olmo, en Tres Cantos": a Spanish name that opens the brief starts with its noun.
  if (!opening && name && text.slice(from).trimStart().startsWith(name)) {
    const [first = '', second = ''] = name.split(/\s+/u);
    if (/^\p{L}{5,}$/u.test(first) && name.includes(' '))
      opening = /^(?:centro|center|centre|casa|grupo|club)$/iu.test(first) ? `${first} ${second}` : first;
  }
  const words = opening.split(/\s+/u).filter(Boolean);
  if (!/^\p{L}/u.test(opening)) return undefined;
  if (words.length === 0 || words.length > 5 || !SUBJECT.test(opening.replace(SITE_WORDS, ' '))) return undefined;
  // A capital after the first word starts a name or a place, not a noun.
  if (words.slice(1).some((w) => /^\p{Lu}\p{Ll}/u.test(w) && !/^(?:centro|center|centre)$/iu.test(words[0] ?? '')))
    return undefined;
  if (/^(?:hola|hi|hello|buenas|web|p[aá]gina|website|site)$/iu.test(words[0] ?? '')) return undefined;
  return opening.toLowerCase();
}

const foldWords = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** Whether the brief says the kind's own noun ("hotel", "hotels"), as a word of its own. */
export function namesOwnNoun(text: string, noun: readonly [string, string]): boolean {
  const plain = foldWords(text);
  return noun.some((n) => {
    const word = foldWords(n).trim();
    if (!word) return false;
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\p{L}])${escaped}(?:s|es)?(?![\\p{L}])`, 'u').test(plain);
  });
}
