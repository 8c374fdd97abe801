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

/** A field the brief names for its form in its own words ("nombre del familiar", "dog name", "RUT"). */
export interface FormExtra {
  label: string;
  type: 'text' | 'tel' | 'email' | 'date' | 'number' | 'file' | 'textarea';
  /** The stock field the entry names ("teléfono", "fecha preferida"): it keeps its input, with this label. */
  stock?: ContactFormField;
  /** Named for a booking or RSVP form: its section's own field, not the contact form's. */
  booking?: true;
}

/** The stock field an entry names whole, with its qualifiers ("número de invitados", "fecha preferida"). */
function stockOf(entry: string): ContactFormField | undefined {
  return FIELD_WORDS.find(([, words]) =>
    new RegExp(
      `^(?:(?:number of|n[uú]mero de)\\s+)?(?:${words})(?:\\s+(?:number|preferid[oa]|desead[oa]|preferred|de contacto))?$`,
      'iu',
    ).test(entry),
  )?.[0];
}

/** Names the form always has (name, email, message): not added twice. */
const BUILT_IN =
  /^(?:(?:tu\s+|su\s+|your\s+)?(?:nombre(?:\s+(?:y\s+)?apellidos?|\s+completo)?|name|full name|correo(?:\s+electr[oó]nico)?|e-?mail|mail|mensaje|message|comentarios?|comments?))$/iu;
const TYPE_OF: readonly [FormExtra['type'], RegExp][] = [
  ['file', /adjunt|attach|upload|subir (?:el |un |los )?(?:archivo|fichero|documento|foto)|archivo|fichero/iu],
  ['tel', /tel[eé]fono|tlf|celular|m[oó]vil|whatsapp|phone|mobile/iu],
  ['email', /correo|e-?mail/iu],
  ['date', /(?<![\p{L}])(?:fechas?|d[ií]as?|dates?|days?)(?![\p{L}])/iu],
  [
    'number',
    /(?<![\p{L}])(?:n[uú]mero de|cantidad|cu[aá]nt[oa]s|how many|number of|guests?|invitados|personas|people|metros|m2|m²)(?![\p{L}])/iu,
  ],
  ['textarea', /^(?:qu[eé]|what|which|si |if |whether)/iu],
];

/**
 * The fields a brief lists for a form, in its own words: "un formulario de pedido con nombre,
 * dirección, producto y cantidad", "an enquiry form with wedding date, venue, guest numbers",
 * "un formulario (nombre, DNI, teléfono, permiso que quiere sacar)", "form for parents: student
 * name, grade…". The list runs from "con"/"with"/":"/"(" after the form's name to the end of the
 * sentence (or the bracket); each entry keeps its words as the label, and its type follows them
 * (a phone, a date, a number, a file to attach, an open question). The form's own name, email and
 * message are not repeated; newsletter forms have their own fields.
 */
export function findFormExtras(text: string): FormExtra[] {
  const out: FormExtra[] = [];
  const formWord = /(?<![\p{L}])(?:formulario|form|forma de (?:cotizaci[oó]n|contacto|pedido|reserva))(?![\p{L}])/giu;
  for (const match of text.matchAll(formWord)) {
    const before = text.slice(Math.max(0, (match.index ?? 0) - 30), match.index ?? 0);
    if (/(?:newsletter|subscription|suscripci[oó]n)\s+$/iu.test(before)) continue;
    const after = text.slice((match.index ?? 0) + match[0].length);
    // Up to ~8 words naming the form ("de pedido", "para que las familias pidan visita"), then the list.
    const opener = after.match(/^[^.!?:(]{0,80}?(?:\s(?:con|with|que pida|que pregunte|asking for|including)\s|:\s*|\s*\(\s*)/iu);
    if (!opener) continue;
    const rest = after.slice(opener[0].length);
    // A booking or RSVP form's date, time and party size are its section's own fields.
    const booking =
      /(?:booking|reservation|rsvp)\s+$/iu.test(before) || /^\s+(?:de\s+)?(?:reservas?|booking|rsvp|asistencia)\b/iu.test(after);
    const bracketed = opener[0].trim().endsWith('(');
    const stop = bracketed ? rest.search(/\)/u) : rest.search(/[.;!?](?:\s|$)|\n/u);
    const list = (stop === -1 ? rest : rest.slice(0, stop)).replace(/\([^)]*\)/gu, ' ');
    const entries = list
      .split(/\s*,\s*|\s+(?:y|e|and|&|o|or)\s+(?=\S)/iu)
      .map((s) => s.replace(/^(?:y|and|e|el|la|los|las|su|sus|the|their|your|tu|tus)\s+/iu, '').trim())
      .map((s) => s.replace(/[\s.,;:()]+$/u, '').replace(/^[\s(]+/u, ''));
    // A list of field names: short entries, at least two.
    if (entries.length < 2 || entries.some((s) => !s || s.split(/\s+/).length > 6)) continue;
    for (const entry of entries) {
      if (BUILT_IN.test(entry)) continue;
      const type = TYPE_OF.find(([, words]) => words.test(entry))?.[0] ?? 'text';
      const label = entry.replace(/^(?:que puedan|que pueda|poder|to)\s+/iu, '').replace(/^\p{Ll}/u, (c) => c.toUpperCase());
      const stock = stockOf(entry);
      if (!out.some((f) => f.label.toLowerCase() === label.toLowerCase()))
        out.push({ label, type, ...(stock ? { stock } : {}), ...(stock && booking ? { booking: true as const } : {}) });
    }
  }
  return out.slice(0, 10);
}
