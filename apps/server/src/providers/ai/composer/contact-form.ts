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
 * A sentence that goes on about the form just named ("Formulario de contacto. Que pida teléfono y
 * fecha." / "Contact form. It should ask for a phone number."): its fields are the form's too. Any
 * other next sentence is not read ("Abierto 24 horas" is not a time field).
 */
const LEADS_ON = new RegExp(
  `^\\s*(?:${[
    String.raw`(?:y\s+)?que\s+(?:pida|pregunte|tenga|incluya|recoja|lleve|solicite)`,
    String.raw`(?:debe|deber[ií]a|tiene\s+que|ha\s+de|tendr[aá]\s+que)\s+(?:pedir|preguntar|tener|incluir|recoger|llevar|solicitar)`,
    String.raw`(?:sus\s+|los\s+)?campos`,
    String.raw`(?:pedir|pide|preguntar|pregunta|solicitar|solicita|incluir|incluye)\b`,
    String.raw`(?:en\s+)?(?:[eé]l|el\s+formulario)\s+(?:debe|deber[ií]a|pide|pedir[aá]|tiene|tendr[aá]|incluye|incluir[aá])`,
    String.raw`(?:it|the\s+form|this\s+form)\s+(?:should|must|needs\s+to|will|has\s+to)\s+(?:ask|have|include|collect|request|take)`,
    String.raw`(?:it|the\s+form)\s+(?:asks|has|includes|collects|requests|takes)\b`,
    String.raw`(?:fields|ask(?:ing)?\s+for|collect(?:ing)?|include|with\s+fields)\b`,
  ].join('|')})`,
  'iu',
);

/**
 * The fields the brief asks the contact form for ("un formulario de contacto con nombre, correo,
 * teléfono y mensaje"): read in the sentence that names the form, after its name, and in the next
 * sentence when that one goes on about the form; never for a booking, newsletter or RSVP form (those
 * sections have their own fields).
 */
export function findContactFormFields(text: string): ContactFormField[] {
  const found = new Set<ContactFormField>();
  const formWord = /(?<![\p{L}])(?:formulario|form)(?![\p{L}])/giu;
  for (const match of text.matchAll(formWord)) {
    const before = text.slice(0, match.index ?? 0);
    if (/(?:booking|reservation|newsletter|subscription|sign-up|rsvp)\s+$/iu.test(before)) continue;
    const after = text.slice(match.index ?? 0);
    const end = after.search(/[.;!?](?:\s|$)/u);
    let clause = end === -1 ? after : after.slice(0, end);
    if (end !== -1) {
      const next = after.slice(end + 1);
      const nextEnd = next.search(/[.;!?](?:\s|$)/u);
      const sentence = nextEnd === -1 ? next : next.slice(0, nextEnd);
      if (LEADS_ON.test(sentence)) clause += ` ${sentence}`;
    }
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
