import { DAY_MS } from './constants';

/** Display math of the usage and settings screens (spec section 9, usage display rules). No I/O. */

/** Whole days until the reset: the difference over 86,400,000 ms rounded up, never below 0. */
export function daysUntilReset(resetDate: Date | string | number, now: Date | number = Date.now()): number {
  const target = new Date(resetDate).getTime();
  const from = new Date(now).getTime();
  if (Number.isNaN(target)) return 0;
  return Math.max(0, Math.ceil((target - from) / DAY_MS));
}

/** True when the limit means unlimited (-1, or any negative value). */
export function isUnlimited(limit: number): boolean {
  return limit < 0;
}

/** Share of the allowance used, 0–100 rounded to one decimal; 0 when unlimited or the limit is 0. */
export function percentUsed(used: number, limit: number): number {
  if (isUnlimited(limit) || limit === 0) return 0;
  return roundOne(Math.min(100, Math.max(0, (used / limit) * 100)));
}

/** A number with one decimal, as shown: 12.3. */
export function roundOne(value: number): number {
  return Math.round(value * 10) / 10;
}

/** '12.3' — one decimal always shown. */
export function formatOneDecimal(value: number): string {
  return roundOne(value).toFixed(1);
}

export type ProgressColor = 'green' | 'yellow' | 'red';
export const PROGRESS_WARNING_PERCENT = 70;
export const PROGRESS_DANGER_PERCENT = 90;

/** Green below 70 %, yellow/orange from 70 %, red from 90 %. */
export function progressColor(percent: number): ProgressColor {
  if (percent >= PROGRESS_DANGER_PERCENT) return 'red';
  if (percent >= PROGRESS_WARNING_PERCENT) return 'yellow';
  return 'green';
}

export const SUCCESS_GOOD_PERCENT = 95;
/** The good icon shows at 95 % or more, the warning icon below. */
export function isSuccessRateGood(rate: number): boolean {
  return rate >= SUCCESS_GOOD_PERCENT;
}

/** Height of a chart bar: scaled to the series maximum; at least `minPx` when the value is above 0. */
export function barHeightPx(value: number, max: number, areaPx = 200, minPx = 20): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.max(minPx, Math.round((value / max) * areaPx));
}

const LOCALE = 'es-ES';

/** The reset date in Spanish: '21 de noviembre de 2026'. */
export function formatDateEs(date: Date | string | number, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(date));
}

/** Daily chart label from 'YYYY-MM-DD': '21/11'. */
export function formatDayLabel(isoDate: string): string {
  const [, month, day] = isoDate.split('-');
  return `${day}/${month}`;
}

/** Weekly chart label from the Monday 'YYYY-MM-DD': 'Sem 16/11'. */
export function formatWeekLabel(isoMonday: string): string {
  return `Sem ${formatDayLabel(isoMonday)}`;
}

/** Monthly chart label from 'YYYY-MM': 'nov 2026'. */
export function formatMonthLabel(isoMonth: string): string {
  const [year, month] = isoMonth.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 15));
  return new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date).replace('.', '');
}
