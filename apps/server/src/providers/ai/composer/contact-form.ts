/** Fields a brief may ask the contact form to have beyond name, email and message. */
export type ContactFormField = 'phone' | 'service' | 'people' | 'date' | 'time';

/** In the order the form shows them (between the email and the message). */
const FIELD_WORDS: readonly [ContactFormField, string][] = [
  ['phone', 'tel[eé]fonos?|m[oó]vil|celular|phone|telephone|mobile'],
  ['service', 'servicios?|tratamientos?|services?|treatments?'],
  ['people', 'n[uú]mero de personas|personas|comensales|invitados|people|guests|party size'],
  ['date', 'fechas?|d[ií]a deseado|dates?|preferred day'],
  ['time', 'horas?|horario deseado|times?|preferred time'],
];

/**
 * The fields the brief asks the contact form for ("un formulario de contacto con nombre, correo,
 * teléfono y mensaje"): read only in the sentence that names the form, and not for a booking,
 * newsletter or RSVP form (those sections have their own fields).
 */
export function findContactFormFields(text: string): ContactFormField[] {
  const found = new Set<ContactFormField>();
  const formWord = /(?<![\p{L}])(?:formulario|form)(?![\p{L}])/giu;
  for (const match of text.matchAll(formWord)) {
    const before = text.slice(0, match.index ?? 0);
    if (/(?:booking|reservation|newsletter|subscription|sign-up|rsvp)\s+$/iu.test(before)) continue;
    const after = text.slice(match.index ?? 0);
    const end = after.search(/[.;!?](?:\s|$)/u);
    const clause = end === -1 ? after : after.slice(0, end);
    if (/^\S+\s+(?:de\s+)?(?:reservas?|booking|newsletter|suscripci[oó]n|subscription|rsvp|asistencia)\b/iu.test(clause))
      continue;
    for (const [field, words] of FIELD_WORDS) if (wordIn(words, clause)) found.add(field);
  }
  return FIELD_WORDS.map(([field]) => field).filter((field) => found.has(field));
}

/** One of the words, whole (accented letters count as letters). */
function wordIn(words: string, text: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words})(?![\\p{L}\\p{N}])`, 'iu').test(text);
}
