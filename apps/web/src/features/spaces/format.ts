/** A project's creation date as the cards show it (es-ES, e.g. '21 nov 2026'). */
export function formatCreatedAt(iso: string, locale = 'es-ES') {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}
