import type { TFunction } from '../../lib/i18n';

/** "1 error · 2 avisos · 0 notas": each count with its own plural (never "1 errores"). */
export function summaryText(t: TFunction, summary: { errors: number; warnings: number; notices: number }): string {
  return [
    t('summaryErrors', { count: summary.errors }),
    t('summaryWarnings', { count: summary.warnings }),
    t('summaryNotices', { count: summary.notices }),
  ].join(' · ');
}
