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
  // What comes after "a"/"to" ("cambia el horario a Tue–Sat 10–6") is the whole new value when it holds the range.
  const after = newValue(clause);
  if (after?.includes(m[0].replace(/^(?:de|from)\s+/iu, ''))) return after;
  return m[0].replace(/^(?:de|from)\s+/iu, '').trim();
}
