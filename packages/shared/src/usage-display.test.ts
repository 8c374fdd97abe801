import { describe, expect, it } from 'vitest';
import {
  barHeightPx,
  daysUntilReset,
  formatDateEs,
  formatDayLabel,
  formatMonthLabel,
  formatOneDecimal,
  formatWeekLabel,
  isSuccessRateGood,
  percentUsed,
  progressColor,
} from './usage-display';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('daysUntilReset', () => {
  it('rounds any part of a day up', () => {
    expect(daysUntilReset(now + 1, now)).toBe(1);
    expect(daysUntilReset(now + DAY - 1, now)).toBe(1);
    expect(daysUntilReset(now + DAY, now)).toBe(1);
    expect(daysUntilReset(now + DAY + 1, now)).toBe(2);
    expect(daysUntilReset(now + 30 * DAY, now)).toBe(30);
  });
  it('is 0 at the reset moment and never negative after it', () => {
    expect(daysUntilReset(now, now)).toBe(0);
    expect(daysUntilReset(now - 1, now)).toBe(0);
    expect(daysUntilReset(now - 5 * DAY, now)).toBe(0);
  });
  it('accepts ISO strings and answers 0 for a bad date', () => {
    expect(daysUntilReset(new Date(now + 2 * DAY).toISOString(), now)).toBe(2);
    expect(daysUntilReset('not a date', now)).toBe(0);
  });
});

describe('percentUsed', () => {
  it('is the share to one decimal', () => {
    expect(percentUsed(0, 100)).toBe(0);
    expect(percentUsed(1, 3)).toBe(33.3);
    expect(percentUsed(2, 3)).toBe(66.7);
    expect(percentUsed(699, 1000)).toBe(69.9);
    expect(percentUsed(700, 1000)).toBe(70);
    expect(percentUsed(100, 100)).toBe(100);
  });
  it('caps at 100 and is 0 for unlimited', () => {
    expect(percentUsed(150, 100)).toBe(100);
    expect(percentUsed(5000, -1)).toBe(0);
    expect(percentUsed(3, 0)).toBe(0);
  });
  it('formats with one decimal', () => {
    expect(formatOneDecimal(70)).toBe('70.0');
    expect(formatOneDecimal(33.333)).toBe('33.3');
  });
});

describe('progressColor', () => {
  it('is green below 70, yellow from 70, red from 90', () => {
    expect(progressColor(0)).toBe('green');
    expect(progressColor(69.9)).toBe('green');
    expect(progressColor(70)).toBe('yellow');
    expect(progressColor(89.9)).toBe('yellow');
    expect(progressColor(90)).toBe('red');
    expect(progressColor(100)).toBe('red');
  });
  it('applies to the rounded percentage users see', () => {
    expect(progressColor(percentUsed(699, 1000))).toBe('green');
    expect(progressColor(percentUsed(899, 1000))).toBe('yellow');
    expect(progressColor(percentUsed(90, 100))).toBe('red');
  });
});

describe('isSuccessRateGood', () => {
  it('is good at 95 or more', () => {
    expect(isSuccessRateGood(94.9)).toBe(false);
    expect(isSuccessRateGood(95)).toBe(true);
    expect(isSuccessRateGood(100)).toBe(true);
    expect(isSuccessRateGood(0)).toBe(false);
  });
});

describe('barHeightPx', () => {
  it('scales to the maximum over a 200 px area', () => {
    expect(barHeightPx(10, 10)).toBe(200);
    expect(barHeightPx(5, 10)).toBe(100);
  });
  it('keeps small values at least 20 px and zero at 0', () => {
    expect(barHeightPx(1, 1000)).toBe(20);
    expect(barHeightPx(0, 1000)).toBe(0);
    expect(barHeightPx(0, 0)).toBe(0);
  });
});

describe('es-ES dates', () => {
  it('formats the reset date in Spanish', () => {
    expect(formatDateEs('2026-12-01T10:00:00Z', 'UTC')).toBe('1 de diciembre de 2026');
  });
  it('labels days, weeks and months', () => {
    expect(formatDayLabel('2026-03-05')).toBe('05/03');
    expect(formatWeekLabel('2026-11-16')).toBe('Sem 16/11');
    expect(formatMonthLabel('2026-01')).toBe('ene 2026');
    expect(formatMonthLabel('2026-12')).toBe('dic 2026');
  });
});
