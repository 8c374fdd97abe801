/**
 * An address read whole (issue 37, ADR 0271): the street and number the contact reader finds are
 * followed by what belongs to them — floor and door ("bajo", "1º izq", "local 3", "oficina 502",
 * "Unit 4"), the postcode ("33001 Oviedo", "M21 9EL", "TX 78702"), the neighbourhood or town
 * ("Chorlton", "Cerro Alegre", "Zapopan, Jal.") — up to the end of the sentence or the bracket.
 * And a street without a street word ("Templeman 322", "O'Higgins 940") is read after a place cue
 * ("estamos en", "dirección", "shop at") or as a sentence of its own ("Defensa 1045, CABA.").
 */

const CAP = "\\p{Lu}[\\p{L}'’-]*";
/** Words that start another fact, never part of an address. */
const NOT_PLACE =
  /^(?:tel[eé]?f?o?n?o?|tlf|tfno|fono|cel(?:ular)?|m[oó]vil|whats?app|whats|wasap|phone|call|ring|email|e-mail|correo|mail|horario|hours|open|abrimos|abierto|instagram|ig|facebook|web|precios?|prices?)\b/iu;
const SEGMENTS: RegExp[] = [
  // Floor, door, unit.
  /^(?:bajo|entlo\.?|entresuelo|principal|[aá]tico|local|oficina|of\.|piso|planta|puerta|depto\.?|dpto\.?|departamento|apto\.?|interior|int\.|unit|suite|flat|apt\.?|floor)(?:\s+[\p{L}\d#ºª°-]{1,6}){0,2}$/iu,
  /^\d{1,2}\s*[ºª°]\s*[\p{L}\d]{0,4}\.?$/u,
  // Postcode, alone or with its town: "33001 Oviedo", "S3 8RY", "Hove BN3 2FA", "Austin TX 78702".
  new RegExp(`^\\d{4,5}(?:\\s+${CAP}(?:\\s+(?:de|del|la|el)?\\s*${CAP}){0,2})?$`, 'u'),
  new RegExp(`^(?:${CAP}\\s+){0,2}[A-Z]{1,2}\\d[A-Z\\d]?\\s*\\d[A-Z]{2}$`, 'u'),
  new RegExp(`^(?:${CAP}\\s+){0,2}[A-Z]{2}\\s+\\d{5}(?:-\\d{4})?$`, 'u'),
  // A number and a street after a unit ("Unit 4, 88 Kelham Island").
  new RegExp(`^\\d{1,5}[A-Za-z]?\\s+${CAP}(?:\\s+${CAP}){0,3}$`, 'u'),
  // A neighbourhood, town or region: one to three capitalised words ("Cerro Alegre", "CABA", "Jal.").
  new RegExp(`^${CAP}(?:\\s+(?:de|del|la|las|los|el)?\\s*${CAP}){0,2}$`, 'u'),
];

/** The address with the segments that follow it in the text and belong to it. */
export function extendAddress(text: string, found: string): string {
  const at = text.indexOf(found);
  if (at < 0) return found;
  let address = found;
  let rest = text.slice(at + found.length);
  // "…8, 1º" then " izq"; "…St, Austin" then " TX 78702"; "…s/n, 23300" then " Villacarrillo".
  const door =
    /[ºª°]$/u.test(address) && rest.match(/^\s+(?:izq(?:da|uierda)?|dcha|dch|der(?:echa)?|centro|[A-H])\.?(?![\p{L}])/iu);
  if (door) {
    address += door[0];
    rest = rest.slice(door[0].length);
  }
  const glued = rest.match(/^\s+(?:[A-Z]{2}\s+\d{5}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})(?![\p{L}\d])/u);
  if (glued) {
    address += glued[0];
    rest = rest.slice(glued[0].length);
  } else if (/\d{4,5}$/.test(address)) {
    const town = rest.match(new RegExp(`^\\s+${CAP}(?:\\s+(?:de|del|la|el)?\\s*${CAP}){0,2}(?=[,.;)\\s]|$)`, 'u'));
    if (town && !NOT_PLACE.test(town[0].trim())) {
      address += town[0];
      rest = rest.slice(town[0].length);
    }
  }
  for (let n = 0; n < 4; n++) {
    const m = rest.match(/^,\s*([^,;()\n—–]+?)(?=\s*(?:,|;|\)|\n|[—–]|\s-\s|\.(?:\s|$)|$))/u);
    if (!m?.[1]) break;
    const segment = m[1].trim();
    if (NOT_PLACE.test(segment) || !SEGMENTS.some((p) => p.test(segment))) break;
    address += m[0];
    rest = rest.slice(m[0].length);
  }
  // A state's abbreviation keeps its point ("Zapopan, Jal.").
  if (/(?:^|[\s,])\p{Lu}\p{Ll}{1,3}$/u.test(address) && /^\.(?:\s|$)/.test(rest) && /,\s*\p{Lu}\p{Ll}{1,3}$/u.test(address))
    address += '.';
  return address.trim();
}

const CUE =
  /(?:estamos en|est[aá] en|nos encontramos en|ubicad[oa]s? en|oficina en|local en|taller en|tienda en|atiendo en|atendemos en|direcci[oó]n(?: es)?:?|address(?: is)?:?|shop at|located at|find us at|we(?:'re| are) (?:on|at)|i'?m (?:on|at))\s+/giu;
const BARE_STREET = new RegExp(
  `(?<![\\p{L}])${CAP}(?:\\s+${CAP}){0,3}\\s+(?:#\\s*)?\\d{1,5}[A-Za-z]?(?:\\s*#\\s*[\\d-]+)?(?![\\p{L}\\d])`,
  'u',
);

/**
 * A street without a street word: the first "Name 123" within the clause after a place cue, or a
 * sentence that is only "Name 1234, Place". Never a price, a time or a phone.
 */
export function findBareAddress(text: string): string | undefined {
  for (const cue of text.matchAll(CUE)) {
    const after = text.slice((cue.index ?? 0) + cue[0].length);
    const clause = after.slice(0, Math.max(0, after.search(/\.(?:\s|$)|[;\n]/u)) || after.length).slice(0, 80);
    const m = clause.match(BARE_STREET);
    if (m && !NOT_PLACE.test(m[0]) && !/[€$£]|\d[:.]\d/.test(m[0])) return extendAddress(text, m[0]);
  }
  const sentence = text.match(
    new RegExp(`(?:^|[.!?]\\s+)(${CAP}(?:\\s+${CAP}){0,2}\\s+\\d{2,5},\\s*${CAP}(?:\\s+${CAP}){0,2})(?=\\.(?:\\s|$)|$)`, 'u'),
  );
  if (sentence?.[1] && !NOT_PLACE.test(sentence[1])) return sentence[1];
  return undefined;
}
