/** A project's name taken from the brief it was started with (issue 43); editable afterwards. */

const MAX_NAME = 60;
const QUOTED = /["“«'‘]([^"”»'’\n]{2,60})["”»'’]/u;
const CALLED =
  /\b(?:llamad[oa]s?|se llama|de nombre|called|named)\s+([A-ZÁÉÍÓÚÑ0-9][\p{L}\p{N}&'’.-]*(?:\s+(?:de|del|la|el|los|las|y|&|[A-ZÁÉÍÓÚÑ0-9][\p{L}\p{N}&'’.-]*)){0,5})/u;
/** Openings that say what is wanted, not what it is called. */
const LEADING =
  /^(?:(?:quiero|necesito|me gustaría|hazme|haz|crea|créame|diseña|genera|construye|i want|i need|make|build|create)\s+)?(?:(?:un|una|el|la|mi|a|an|my)\s+)?(?:(?:sitio|página|pagina|web|landing|website|site|page)\s+)+(?:web\s+)?(?:(?:para|de|for|of)\s+)?(?:(?:un|una|el|la|mi|a|an|my)\s+)?/iu;

function tidy(name: string): string {
  const words = name
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.,;:!?¡¿-]+$/u, '');
  const cut = words.length > MAX_NAME ? `${words.slice(0, MAX_NAME).replace(/\s+\S*$/u, '')}…` : words;
  return cut.charAt(0).toLocaleUpperCase('es') + cut.slice(1);
}

/**
 * The business's name when the brief gives it (in quotes, or after "llamada"/"called"); otherwise the
 * brief's first clause without "Quiero una web para", cut at a word. Never empty for a non-blank brief.
 */
export function nameFromBrief(brief: string): string {
  const text = brief.trim();
  const quoted = QUOTED.exec(text)?.[1]?.trim();
  if (quoted) return tidy(quoted);
  const called = CALLED.exec(text)?.[1]?.trim();
  // A sentence ends the name ("Crumb & Co. We open…"), and so does a trailing joining word.
  if (called) return tidy((called.split(/\.\s/u)[0] ?? called).replace(/\s+(?:de|del|la|el|los|las|y)$/u, ''));
  const clause = text.split(/[.\n,;:!?]/u)[0]?.trim() || text;
  const stripped = clause.replace(LEADING, '').trim();
  return tidy(stripped || clause);
}
