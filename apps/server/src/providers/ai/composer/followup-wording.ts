/**
 * Follow-ups as people type them (issue 37): informal Spanish of Spain and Latin America, English,
 * texting abbreviations and common typos, rewritten to the plain imperative the handlers read.
 * "kita lo del carnet", "saquen las preguntas xfa", "cambien el tlf" → "quita lo del carnet",
 * "quita las preguntas", "cambia el teléfono". Only whole words change; values (names, prices,
 * phone numbers) are never touched.
 */

/** Rewrites of Spanish words: never applied to an English request ("add a new kite" is not "quita"). */
const spanish: [RegExp, string][] = [
  // Remove: voseo, vosotros, ustedes, infinitive, slang "k" for "qu", clitics.
  [
    /(?<![\p{L}])(?:k|qu)(?:i|í)t(?:a|á|ad|en|e|ar)(?:l[aoe]s?|me)?(?![\p{L}])|(?<![\p{L}])(?:s[aá]ca|sac[aá]|sacad|saquen|saque|sacar|s[aá]cal[aoe]s?|saquenl[aoe]s?|elimin(?:ad|en|e|á)|borr(?:ad|en|e|á)|b[oó]rrenl[aoe]s?|fuera)(?![\p{L}])/giu,
    'quita',
  ],
  // Add.
  [
    /(?<![\p{L}])(?:agreg(?:uen|ad|á|ue)|agreg[aá]le|a[nñ]ad(?:an|id|ís|e)|a[nñ]ad[ií]le|a[nñ]adan(?:le)?|pong(?:an|a)|pon(?:e|é|ed)|met(?:an|ed|é|e)|sum(?:a|á|en|ad))(?![\p{L}])/giu,
    'añade',
  ],
  // Change.
  [
    /(?<![\p{L}])(?:cambi(?:en|ad|á|e|ar)|cambienl[aoe]s?|cambi[aá]l[aoe]s?|modifi(?:quen|cad|cá)|actualiz(?:a|ad|en|á)|corrij(?:an|a)|correg[ií](?:d)?)(?![\p{L}])/giu,
    'cambia',
  ],
  // Texting: "q" and "k" for "que" ("5k" is a distance), "xq" for "porque".
  [/(?<![\p{L}\p{N}])(?:q|k|ke)(?![\p{L}])/giu, 'que'],
  [/(?<![\p{L}])(?:xq|pq|porq)(?![\p{L}])/giu, 'porque'],
  [/(?<![\p{L}])(?:tb|tmb|tmbn|tambien)(?![\p{L}])/giu, 'también'],
];

const both: [RegExp, string][] = [
  [/(?<![\p{L}])(?:get rid of|take out|take off|lose)(?![\p{L}])/giu, 'remove'],
  // Words of the facts.
  [/(?<![\p{L}])(?:tlf|tlfn|tfno|telf|tel|tfn|movil|m[oó]vil|cel|celular|fono)(?![\p{L}])\.?/giu, 'teléfono'],
  [/(?<![\p{L}])(?:mail|e-mail|correo electronico|email)(?![\p{L}])/giu, 'email'],
  [/(?<![\p{L}])(?:whats|wasap|wsp|wpp|guasap|whatsap|watsap)(?![\p{L}])/giu, 'whatsapp'],
  [/(?<![\p{L}])(?:preguntas frec(?:uentes)?|faqs?)(?![\p{L}])/giu, 'preguntas frecuentes'],
  // Politeness that says nothing.
  [/(?<![\p{L}])(?:porfa(?:vor)?|por fa|xfa|xfavor|pls|plz|please|plis|porfis)(?![\p{L}])[,!.]*/giu, ''],
];

/** The request in plain words; the original when nothing matched. */
const ENGLISH =
  /(?<![\p{L}])(?:add|remove|change|update|delete|replace|put|make|the|our|my|new|please|we|we're|it|is|are|to|with)(?![\p{L}])/giu;
const SPANISH =
  /(?<![\p{L}])(?:el|la|los|las|lo|del|que|por|para|con|una?|mi|mis|es|son|y|de|al|ya|pon|ponle|quiero)(?![\p{L}])/giu;
/** A request written in English: more English words than Spanish ones. */
const inEnglish = (prompt: string) => (prompt.match(ENGLISH)?.length ?? 0) > (prompt.match(SPANISH)?.length ?? 0);

export function plainWording(prompt: string): string {
  let out = prompt;
  for (const [pattern, word] of inEnglish(prompt) ? both : [...spanish, ...both]) out = out.replace(pattern, word);
  return out.replace(/\s{2,}/gu, ' ').trim();
}
