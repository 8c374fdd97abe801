import { formatCount } from '@div/shared/plans';

/**
 * Numbers as the interface language writes them (issue 43): "3.000" and "96,7 %" in Spanish, "3,000"
 * and "96.7%" in English. Spanish groups four-digit numbers too, so "3000" never sits beside "3.000".
 */
export function numberLocale(language: string): string {
  return language === 'en' ? 'en-GB' : 'es-ES';
}

/** A count: "1.234" / "1,234". */
export function formatNumber(value: number, language: string): string {
  return formatCount(value, numberLocale(language));
}

/** A percentage given as 0–100, with one decimal: "72,0 %" / "72.0%". */
export function formatPercent(value: number, language: string, digits = 1): string {
  return new Intl.NumberFormat(numberLocale(language), {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value / 100);
}
