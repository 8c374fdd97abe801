/** Display helpers of own images (issue 24) without zod, for the editor's first load (ADR 0064). */

/** Bytes as a person reads them: 812 KB, 3,4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes === 0) return '0 KB';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / 1024 / 1024;
  return mb >= 1000 ? `${(mb / 1024).toFixed(1).replace('.', ',')} GB` : `${mb.toFixed(1).replace('.', ',')} MB`;
}
