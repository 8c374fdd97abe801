import { newValue } from './followup-kit';

/** Opening hours as people change them (issue 37): a day named, a time range said whole. */

export const DAY =
  /(?<![\p{L}])(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bados?|domingos?|festivos|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|fines de semana)(?![\p{L}])/iu;
/** A time range said whole: "de 10am a 2pm", "from 9 to 5", "10:00-14:00", "Tue–Sat 10–6". */
export function hoursValue(clause: string): string | null {
  const range =
    /(?:(?:de|from)\s+)?\d{1,2}(?:[:.h]\d{2})?\s*(?:am|pm|h)?\s*(?:a|to|until|hasta|-|–)\s*\d{1,2}(?:[:.h]\d{2})?\s*(?:am|pm|h)?(?![\d\p{L}])/iu;
  const m = clause.match(range);
  if (!m) return null;
  // "ahora es lunes a sábado 10:00 a 18:00", "open Tue-Sat 10-6": the days said before the range are
  // part of the value, so a range of days is never cut to its last day.
  // What comes after "a"/"to" ("cambia el horario a Tue–Sat 10–6") is the whole new value when it holds
  // the range and the days said before it.
  const after = newValue(clause);
  const days = daysBefore(clause, m.index ?? 0);
  const withDays = days === null ? null : clause.slice(days, (m.index ?? 0) + m[0].length).trim();
  if (after?.includes(m[0].replace(/^(?:de|from)\s+/iu, '')) && (!withDays || after.includes(withDays))) return after;
  if (withDays) return withDays;
  return m[0].replace(/^(?:de|from)\s+/iu, '').trim();
}

const DAY_OR_SHORT = new RegExp(
  `${DAY.source}|(?<![\\p{L}])(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|lun|mi[eé]|jue|vie|s[aá]b|dom)\\.?(?![\\p{L}])`,
  'giu',
);
/** Words that may join days into one span: "lunes a sábado", "Tue-Sat", "martes, jueves y viernes de". */
const JOINERS = /^(?:[\s,–\-/]|(?<![\p{L}])(?:a|al|to|hasta|through|thru|y|e|and|de|from)(?![\p{L}]))*$/iu;
/**
 * Where a span of two or more days said right before a time range starts ("lunes a sábado 10:00 a
 * 18:00", "Tue-Sat 10-6"), or null. One day alone stays out of the value: it names the day whose hours
 * join the timetable ("los sábados de 10 a 14").
 */
function daysBefore(clause: string, rangeAt: number): number | null {
  const before = clause.slice(0, rangeAt);
  const found = [...before.matchAll(DAY_OR_SHORT)];
  for (const [i, d] of found.entries()) {
    const start = d.index ?? 0;
    if (found.length - i < 2) return null;
    if (JOINERS.test(before.slice(start).replace(DAY_OR_SHORT, ' '))) return start;
  }
  return null;
}

/** The value names days itself ("Mon-Sun 11am-11pm", "lunes a sábado 10 a 18"): it is a whole timetable. */
export const namesDays = (value: string) => new RegExp(DAY_OR_SHORT.source, 'iu').test(value);
