/** Display helpers of own images (issue 24) without zod, for the editor's first load (ADR 0064). */

/**
 * Bytes as a person reads them: 812 KB, 3,4 MB, 10 GB. A gigabyte is 1000 of these megabytes, as the
 * plans count their allowance, so the editor, /usage and /pricing name the same figure (issue 43).
 */
export function formatBytes(bytes: number, locale = 'es-ES'): string {
  if (bytes === 0) return '0 KB';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / 1024 / 1024;
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false });
  return mb >= 1000 ? `${format.format(mb / 1000)} GB` : `${format.format(mb)} MB`;
}
