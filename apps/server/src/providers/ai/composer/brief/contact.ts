import { extendAddress, findBareAddress } from './address';
import { cities, regions } from './places';

/**
 * Contact facts of a brief, copied exactly as written: email, phone, street address, city, opening
 * hours, an event date and social profiles. What is not written stays unknown: nothing is invented.
 */

export interface ContactFacts {
  email?: string;
  phone?: string;
  address?: string;
  city?: string;
  hours?: string;
  date?: string;
  /** Only when the brief gives them (a map link or "coordenadas 37.38, -5.99"): never guessed. */
  coordinates?: { lat: number; lon: number };
  social: { network: string; url: string; label: string }[];
}

const L = '\\p{L}';
const UPPER = '\\p{Lu}';

export function findEmail(text: string): string | undefined {
  return text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/u)?.[0]?.replace(/\.$/, '');
}

/**
 * A phone number: 9 to 15 digits in groups, optionally with a + prefix; never a price or a date, and
 * never across a sentence end ("Rúa Maior 19. 982 53 11 44": the number is the second sentence's).
 */
export function findPhone(text: string): string | undefined {
  for (const m of text.matchAll(/(?<![\w@.,/-])(\+?\(?\d[\d\s().-]{7,20}\d)(?![\d€$£%])/gu)) {
    const end = (m.index ?? 0) + m[0].length;
    // Only the last piece runs into what follows ("... 44 euros" is a price, "... 20 h" a time).
    const lastIsNumber = !/^\s*(?:€|euros?|eur|\$|usd|h\b|horas|am|pm)/iu.test(text.slice(end, end + 8));
    const pieces = (m[1] ?? '').split(/\.\s+/u).map((piece) => piece.trim());
    const phone = pieces.find((raw, i) => (i < pieces.length - 1 || lastIsNumber) && /^\+?\(?\d/u.test(raw) && isPhone(raw));
    if (phone) return phone;
  }
  return undefined;
}

function isPhone(raw: string): boolean {
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 9 || digits.length > 15) return false;
  if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(raw)) return false;
  return !/\d\s*[-–]\s*\d{1,2}[:.]\d{2}/.test(raw);
}

/** Digits for a wa.me link: the number with its country code (Spain's when a Spanish mobile has none). */
export function whatsappDigits(phone: string, language: 'es' | 'en'): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+') || phone.trim().startsWith('00')) return digits.replace(/^00/, '');
  if (language === 'es' && digits.length === 9 && /^[6789]/.test(digits)) return `34${digits}`;
  return digits;
}

const STREET_ES =
  'C\\/|c\\/|[Cc]alle|[Aa]vda\\.?|[Aa]venida|[Aa]v\\.|[Pp]laza|[Pp]za\\.|[Pp]aseo|[Cc]amino|[Cc]arretera|[Cc]tra\\.|[Rr]onda|[Rr]úa|[Rr]ua|[Cc]arrer|[Tt]ravesía|[Gg]lorieta|[Pp]asaje|[Pp]olígono|[Uu]rbanización|[Bb]arrio|[Jj]r\\.|[Cc]arrera|[Cc]ra\\.|[Cc]l\\.|[Cc]olonia|[Bb]v\\.|[Bb]var\\.?|[Bb]ulevar|[Bb]lvd\\.|[Cc]alzada|[Cc]uesta|[Dd]iagonal|[Tt]ransversal' +
  // The same words in a brief written in capitals ("OFICINA EN AVDA. DEL PLA 126").
  '|CALLE|AVDA\\.?|AVENIDA|AV\\.|PLAZA|PZA\\.|PASEO|CARRETERA|CTRA\\.|RONDA|RÚA|CARRER|TRAVESÍA|GLORIETA|PASAJE|POLÍGONO|URBANIZACIÓN';
const STREET_EN =
  'Street|St\\.?|Road|Rd\\.?|Avenue|Ave\\.?|Lane|Ln\\.?|Boulevard|Blvd\\.?|Drive|Dr\\.?|Way|Square|Place|Court|Terrace|High Street|Quay|Highway|Hwy\\.?|Parkway|Pkwy\\.?|Crescent|Cres\\.?|Row|Walk|Close|Parade|Pike';

export function findAddress(text: string): string | undefined {
  const found = findStreet(text);
  return found ? extendAddress(text, found) : findBareAddress(text);
}

function findStreet(text: string): string | undefined {
  const es = text.match(
    new RegExp(
      // A floor and door ("3º B") is a short number and one letter on its own, never a postal code
      // and the first letter of the city after it ("46004 Valencia").
      `(?<![${L}])(?:${STREET_ES})\\s+[^,.;:\\n()]{2,45}?,?\\s*(?:n[ºo°]\\.?\\s*)?\\d+(?:[A-Za-z](?![${L}]))?(?:\\s*[-,]\\s*\\d{1,3}º?\\s*(?:[A-Za-z](?![${L}]))?(?!\\d))?(?:,?\\s*(?:\\d{5}\\s+)?(?:${cityAlternation()}))?`,
      'u',
    ),
  );
  if (es) return es[0].trim().replace(/[,\s]+$/, '');
  const en = text.match(
    new RegExp(
      `\\b\\d{1,5}[A-Za-z]?\\s+(?:[${UPPER}][${L}'’]*\\s+){1,4}(?:${STREET_EN})(?:\\s+(?:N|S|E|W|NE|NW|SE|SW)\\.?)?(?![${L}])(?:,?\\s*(?:${cityAlternation()}))?`,
      'u',
    ),
  );
  if (en) return en[0].trim().replace(/[,\s]+$/, '');
  // Dutch, German and Nordic streets are one word ending in the street noun ("Prinsengracht 200").
  return text.match(
    new RegExp(
      `(?<![${L}])[${UPPER}][${L}]+(?:straat|gracht|kade|laan|plein|weg|stra(?:ss|ß)e|gasse|platz|gade|vej|gatan|gata)\\s+\\d+[a-z]?(?![\\d])`,
      'u',
    ),
  )?.[0];
}

let cityRegex: string | null = null;
function cityAlternation(): string {
  cityRegex ??= [...cities]
    .sort((a, b) => b.length - a.length)
    .map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  return cityRegex;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
let foldedCities: string | null = null;
let regionFolded: Set<string> | null = null;
const regionSet = () => {
  regionFolded ??= new Set(regions.map((r) => fold(r).toLowerCase()));
  return regionFolded;
};
let cityFolded: Set<string> | null = null;
const isKnownCity = (place: string) => {
  cityFolded ??= new Set(cities.map((c) => fold(c).toLowerCase()));
  return cityFolded.has(fold(place).toLowerCase());
};
function foldedCityAlternation(): string {
  foldedCities ??= fold(cityAlternation());
  return foldedCities;
}

/** The city: a known place name, or a capitalised word after "en"/"in" that is not a street. */
export function findCity(text: string, exclude: string[] = []): string | undefined {
  const blocked = (start: number, end: number) =>
    exclude.some((e) => e && text.indexOf(e) <= start && text.indexOf(e) + e.length >= end && text.includes(e));
  // "Mungia (Bizkaia)", "La Rioja (Haro)", "Architects (Copenhagen)": a place beside a region is the
  // town; a place alone in brackets is one too. The most specific place given wins.
  const bracket = new RegExp(
    `(?:(?<![${L}])([${UPPER}][${L}'’-]+(?:\\s+(?:de\\s+|del\\s+)?[${UPPER}][${L}'’-]+){0,2}),?\\s*)?\\(\\s*([${UPPER}][${L}'’-]+(?:\\s+[${UPPER}][${L}'’-]+){0,2})\\s*\\)`,
    'gu',
  );
  const isRegion = (place: string) => regionSet().has(fold(place).toLowerCase());
  // "en ponferrada (leon)": a town after "en", with its province in brackets, is the city.
  const lower = text.match(/(?<![\p{L}])(?:en|in)\s+(\p{Ll}[\p{L}'’-]+(?:\s+\p{Ll}[\p{L}'’-]+)?)\s*\(\s*\p{L}[\p{L}\s'’-]*\)/u);
  if (lower?.[1] && !isRegion(lower[1]) && !/^(?:el|la|los|las|the|un|una|a|an)\s/u.test(lower[1])) {
    const town = lower[1];
    const start = (lower.index ?? 0) + lower[0].indexOf(town);
    if (!blocked(start, start + town.length))
      return (
        cities.find((c) => fold(c).toLowerCase() === fold(town).toLowerCase()) ??
        town.replace(/(^|\s)\p{Ll}/gu, (c) => c.toUpperCase())
      );
  }
  for (const m of text.matchAll(bracket)) {
    const [outer, inner] = [m[1], m[2] ?? ''];
    const innerStart = (m.index ?? 0) + m[0].lastIndexOf(inner);
    if (outer && isRegion(inner) && !isRegion(outer) && !blocked(m.index ?? 0, (m.index ?? 0) + outer.length)) return outer;
    if (isRegion(inner) || blocked(innerStart, innerStart + inner.length)) continue;
    if (outer && isRegion(outer)) return inner;
    // "Okafor + Lindqvist Architects (Copenhagen)": a place in brackets right after the name.
    const name = exclude[0];
    const afterName = name ? text.indexOf(name) + name.length : -1;
    const open = (m.index ?? 0) + m[0].indexOf('(');
    if (isKnownCity(inner) || (name && afterName > name.length - 1 && /^\s*$/u.test(text.slice(afterName, open)))) return inner;
  }
  // Compared without accents, so "CORDOBA" and "malaga" are Córdoba and Málaga (the text is NFC:
  // folding keeps every index).
  const known = new RegExp(`(?<![${L}])(?:${foldedCityAlternation()})(?![${L}])`, 'giu');
  let inName: string | undefined;
  for (const m of fold(text).matchAll(known)) {
    const start = m.index ?? 0;
    if (blocked(start, start + m[0].length)) continue;
    // "Preparación Cambridge", "Hotel Lisboa": a city glued to a capitalised word names something
    // else; it is the city only when no other place is given.
    const before = text.slice(0, start);
    // So is one after "Camino de", "Costa del": "en Sarria, Camino de Santiago" is in Sarria.
    const glued = before.match(/(?<![\p{L}])(\p{Lu}[\p{L}]*)\s(?:(?:de|del|de la|de los|de las|of|of the)\s)?$/u)?.[1];
    // (In a brief written in capitals, "EN SEVILLA" is "en Sevilla".)
    if (glued && !/^(?:En|In|Desde|From|Near|Cerca|At|De|Del|Of|Y|And|E|Para|For|Sede|Based)$/iu.test(glued)) {
      inName ??= text.slice(start, start + m[0].length);
      continue;
    }
    // Written in lower case or without accents ("alcalá de henares", "gijon"): the usual spelling.
    const city = cities.find((c) => fold(c).toLowerCase() === m[0].toLowerCase()) ?? text.slice(start, start + m[0].length);
    // "Jerez" + " de la Frontera": the longer name as written.
    const longer = text
      .slice(start + m[0].length)
      .match(new RegExp(`^\\s+(?:de|del|de la|de los|de las)\\s+[${UPPER}][${L}'’-]+`, 'u'));
    return longer ? text.slice(start, start + m[0].length + longer[0].length) : city;
  }
  const after = new RegExp(
    `(?<![${L}])(?:en|in|desde|from|based in|situad[oa] en|ubicad[oa] en|serving|covering)\\s+((?:[${UPPER}][${L}'’-]+)(?:\\s+(?:de\\s+)?[${UPPER}][${L}'’-]+){0,2})`,
    'gu',
  );
  for (const m of text.matchAll(after)) {
    const city = m[1] ?? '';
    const start = (m.index ?? 0) + m[0].length - city.length;
    if (blocked(start, start + city.length)) continue;
    if (new RegExp(`^(?:${STREET_ES})`, 'u').test(city)) continue;
    if (/^(?:Instagram|WhatsApp|Facebook|Google|English|Spanish|Español|Inglés|Castellano)$/iu.test(city)) continue;
    return city;
  }
  return inName ? (cities.find((c) => fold(c).toLowerCase() === fold(inName).toLowerCase()) ?? inName) : undefined;
}

const DAY =
  'lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bados?|domingos?|festivos|laborables|entre semana|fines? de semana|todos los d[ií]as|diario|de l(?:unes)? a v(?:iernes)?|l-v|l-s|l a v|mon(?:day)?s?|tue(?:sday)?s?|wed(?:nesday)?s?|thu(?:rsday)?s?|fri(?:day)?s?|sat(?:urday)?s?|sun(?:day)?s?|weekdays|weekends?|every day|daily';
const TIME = '\\d{1,2}(?:[:.h]\\d{2})?\\s*(?:h(?:rs?)?|horas|am|pm|a\\.m\\.|p\\.m\\.)?';
const RANGE = `${TIME}\\s*(?:-|–|—|a|to|hasta|until)\\s*${TIME}`;

/** Opening hours as written ("de lunes a viernes de 8:00 a 14:00"), from the first day word or "horario". */
export function findHours(text: string): string | undefined {
  const re = new RegExp(
    `(?:(?:horarios?(?: de apertura)?|abrimos|abierto|opening hours|open(?:ing)?|hours)\\s*:?\\s*)?(?:(?:de\\s+)?(?:${DAY})[^.;\\n]{0,40}?)?${RANGE}(?:[^.;\\n]{0,40}?${RANGE})*`,
    'iu',
  );
  // "cerrado domingos", "closed Mondays": said on their own or after the hours.
  const closed = text.match(
    new RegExp(`(?:cerrad[oa]s?|closed)\\s+(?:los\\s+|on\\s+)?(?:${DAY})(?:\\s*(?:,|y|e|and|&)\\s*(?:${DAY}))*`, 'iu'),
  )?.[0];
  for (const m of text.matchAll(new RegExp(re.source, 'giu'))) {
    // A range inside a phone number or a count ("0 a 3 años") is not an opening time.
    const before = text[(m.index ?? 0) - 1] ?? '';
    if (/\d/u.test(before)) continue;
    const value = m[0]
      .replace(/^(?:horarios?(?: de apertura)?|abrimos|abierto|opening hours|open(?:ing)?|hours)\s*:?\s*/iu, '')
      .trim()
      .replace(/[,\s]+$/, '');
    // A bare range without a day, hour marker or colon is more likely a price or a count.
    if (!new RegExp(`(?:${DAY})`, 'iu').test(value) && !/[:h]|am|pm/iu.test(value)) continue;
    if (/\d$/u.test(value) && /^\d/u.test(text.slice((m.index ?? 0) + m[0].length))) continue;
    return closed && !value.includes(closed) ? `${value}; ${closed}` : value;
  }
  return closed;
}

const MONTH_ES = 'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre';
const MONTH_EN = 'January|February|March|April|May|June|July|August|September|October|November|December';

export function findDate(text: string): string | undefined {
  const es = text.match(
    new RegExp(`\\d{1,2}(?:\\s*(?:-|–|al|y|a)\\s*\\d{1,2})?\\s+de\\s+(?:${MONTH_ES})(?:\\s+(?:de\\s+)?\\d{4})?`, 'iu'),
  );
  if (es) return es[0];
  const en = text.match(
    new RegExp(
      `(?:(?:${MONTH_EN})\\s+\\d{1,2}(?:st|nd|rd|th)?(?:\\s*[-–]\\s*\\d{1,2})?(?:,?\\s+\\d{4})?|\\d{1,2}(?:st|nd|rd|th)?(?:\\s*[-–]\\s*\\d{1,2})?\\s+(?:${MONTH_EN})(?:,?\\s+\\d{4})?)`,
      'u',
    ),
  );
  return en?.[0];
}

const NETWORKS: [string, string, string][] = [
  ['Instagram', 'instagram|insta|ig', 'https://instagram.com/'],
  ['Facebook', 'facebook', 'https://facebook.com/'],
  ['TikTok', 'tiktok', 'https://tiktok.com/@'],
  ['X', 'twitter|x', 'https://x.com/'],
  ['LinkedIn', 'linkedin', 'https://linkedin.com/in/'],
  ['YouTube', 'youtube', 'https://youtube.com/@'],
];

/** Social profiles given as links or as "instagram @handle". */
export function findSocial(text: string): ContactFacts['social'] {
  const found: ContactFacts['social'] = [];
  for (const [network, words, base] of NETWORKS) {
    const url = text.match(new RegExp(`(?<![\\w.])(?:https?://)?(?:www\\.)?(?:${words})\\.com/[\\w.@/-]+`, 'iu'))?.[0];
    if (url) {
      const full = /^https?:/i.test(url) ? url : `https://${url}`;
      found.push({ network, url: full.replace(/[.,]$/, ''), label: network });
      continue;
    }
    const handle = text.match(new RegExp(`(?<![${L}])(?:${words})\\s*:?\\s*(?:es\\s+)?@([\\w.]{2,30})`, 'iu'))?.[1];
    if (handle) found.push({ network, url: `${base}${handle.replace(/\.$/, '')}`, label: `@${handle.replace(/\.$/, '')}` });
  }
  return found;
}

const NUM = '(-?\\d{1,3}\\.\\d+)';
const COORDINATE_PATTERNS = [
  // A map link: …/@37.3891,-5.9845,17z · ?mlat=37.38&mlon=-5.99 · #map=17/37.38/-5.99 · ?q=37.38,-5.99
  new RegExp(`@${NUM},\\s*${NUM}`),
  new RegExp(`mlat=${NUM}&(?:amp;)?mlon=${NUM}`),
  new RegExp(`#map=\\d+/${NUM}/${NUM}`),
  new RegExp(`[?&](?:q|query|ll)=${NUM},\\s*${NUM}`),
  // Named: "coordenadas 37.3891, -5.9845", "GPS: 51.45,-2.58", "lat 37.38 lon -5.99".
  new RegExp(
    `(?:coordenadas|coordinates|coords|gps|lat(?:itud|itude)?)\\s*:?\\s*${NUM}\\s*[,;/ ]\\s*(?:lon(?:gitud|gitude)?|lng)?\\s*:?\\s*${NUM}`,
    'i',
  ),
];

/** Latitude and longitude, only when written in the brief; out-of-range pairs are ignored. */
export function findCoordinates(text: string): { lat: number; lon: number } | undefined {
  for (const pattern of COORDINATE_PATTERNS) {
    const m = text.match(pattern);
    if (!m) continue;
    const lat = Number(m[1]);
    const lon = Number(m[2]);
    if (Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) return { lat, lon };
  }
  return undefined;
}

export function findContactFacts(text: string, name: string | null): ContactFacts {
  const address = findAddress(text);
  const facts: ContactFacts = { social: findSocial(text) };
  const email = findEmail(text);
  const phone = findPhone(text.replace(email ?? '\u0000', ' '));
  const hours = findHours(text);
  const date = findDate(text);
  const coordinates = findCoordinates(text);
  if (coordinates) facts.coordinates = coordinates;
  const city = findCity(text, [name ?? '', ...(address ? [address.replace(/,[^,]*$/, '')] : [])]);
  if (email) facts.email = email;
  if (phone) facts.phone = phone;
  if (address) facts.address = address;
  if (city) facts.city = city;
  if (hours) facts.hours = hours;
  if (date) facts.date = date;
  return facts;
}
