import type { Language } from './analyse';

/** What the follow-up handlers share: the result they fill, the clause splitter, quoted values. */

export interface FollowUpResult {
  /** Sentences for the person (what was done, or why nothing was). */
  messages: string[];
  /** New content per changed path. */
  changes: Map<string, string>;
  /** Whether at least one instruction was understood (even if it needed no change). */
  understood: boolean;
  /** Parts of the request left undone while others were done (never told as finished). */
  notDone: string[];
  /** Refused for a specific reason (an outside service, no attachment, nothing earlier to refer to). */
  refused?: boolean;
}

export type Files = Map<string, string>;

export const t = (lang: Language, es: string, en: string) => (lang === 'es' ? es : en);

export function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Records a new version of a file. */
export function write(files: Files, out: FollowUpResult, path: string, content: string): void {
  files.set(path, content);
  out.changes.set(path, content);
}

export const QUOTE = /["“«'‘]([^"”»'’\n]+)["”»'’]/gu;

/** Splits a request into clauses ("change X and add Y"), never inside quotes. */
export function clausesOf(prompt: string): string[] {
  const quoted: string[] = [];
  const masked = prompt.replace(QUOTE, (m) => {
    quoted.push(m);
    return `\uE000${quoted.length - 1}\uE001`;
  });
  return (
    masked
      // A comma splits only before a new request ("cambia el título, y añade…"), never inside a value
      // ("change the title to Good coffee, good people").
      .split(
        /(?:[.;\n]+(?![\d\p{L}/])\s*|,(?!\d)\s*(?=(?:y\s+|and\s+)?(?:a[nñ]ade|agrega|pon|quita|elimina|borra|cambia|mueve|haz|usa|traduce|add|remove|delete|change|make|move|put|use|set|translate)\b)|\s+(?:y|e|and|also|adem[aá]s|luego|then)\s+)(?=\S)/iu,
      )
      .map((c) => c.replace(/\uE000(\d+)\uE001/g, (_m, i: string) => quoted[Number(i)] ?? ''))
      .map((c) => c.trim())
      .filter(Boolean)
  );
}

export function quotes(text: string): string[] {
  return [...text.matchAll(QUOTE)].map((m) => (m[1] ?? '').trim()).filter(Boolean);
}

/** The new value in "… a X", "… to X", "…: X", or the first quoted text. */
export function newValue(clause: string): string | null {
  const q = quotes(clause);
  if (q.length) return q.at(-1) ?? null;
  const m = clause.match(/(?:\s(?:a|por|to|as|into|que sea|que diga|should be|be)|:)\s+(.+)$/iu);
  const value = m?.[1]?.trim().replace(/[.!]+$/u, '');
  return value && value.length <= 120 ? value : null;
}

/** What the composer says when it could not do something ("No encontré…", "Dime…"). */
const FAILED =
  /^(?:No (?:encontré|hay|sé)|Dime|Para .* necesito|«[^»]+» no tiene|El elemento seleccionado contiene|He entendido que quieres|I could not|There is no|Tell me|For the .* I need|"[^"]+" has no|The selected element|I understood you want)/;

/**
 * When part of a request was done, the rest is said as not done (issue 39): the clauses no handler
 * took, and what a handler could not do.
 */
export function markNotDone(out: FollowUpResult, skipped: readonly string[], lang: Language): void {
  const failed = out.messages.filter((m) => FAILED.test(m));
  out.messages = out.messages.filter((m) => !FAILED.test(m));
  out.notDone.push(...failed);
  if (skipped.length)
    out.notDone.push(
      t(
        lang,
        `${skipped.map((c) => `«${c}»`).join(', ')}: sin un modelo de IA no sé hacer ese cambio.`,
        `${skipped.map((c) => `"${c}"`).join(', ')}: without an AI model I cannot make that change.`,
      ),
    );
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const CONTENT_WORD =
  /^(?!(?:precio|precios|price|prices|cambia|cambiad|cambien|change|sube|baja|pon|ponle|set|del|de|la|el|los|las|the|of|to|en|por|para|que|now|ahora|porfa|please)$)\p{L}{3,}$/u;
/**
 * "el precio del dormitorio compartido" for "Camas en dormitorio compartido": the one priced name that
 * shares the most words with the request, at least half of its own; a tie names none.
 */
export function closestName(names: string[], asked: string): string | undefined {
  const words = new Set(asked.split(/[^\p{L}]+/u).filter((w) => CONTENT_WORD.test(w)));
  const scored = names
    .map((n) => {
      const own = fold(n.replace(/\([^)]*\)/g, ' '))
        .split(/[^\p{L}]+/u)
        .filter((w) => CONTENT_WORD.test(w));
      const hits = own.filter((w) => words.has(w)).length;
      return { n, hits, ok: own.length > 0 && hits * 2 >= own.length };
    })
    .filter((x) => x.hits > 0 && x.ok)
    .sort((a, b) => b.hits - a.hits);
  const [best, next] = scored;
  return best && (!next || next.hits < best.hits) ? best.n : undefined;
}
