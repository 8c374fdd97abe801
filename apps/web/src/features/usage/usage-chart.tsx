import type { UsageResponse } from '@div/shared/usage';
import { barHeightPx, formatDayLabel, formatMonthLabel, formatWeekLabel } from '@div/shared/usage-display';
import { clsx } from 'clsx';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { formatNumber } from '../../lib/number-format';

export type ChartPeriod = 'daily' | 'weekly' | 'monthly';
const CHART_HEIGHT_PX = 200;
const MIN_BAR_PX = 20;
/** 200 px of bars under 32 px kept for the tooltip, plus the 1 px baseline. */
const CHART_BOX_PX = CHART_HEIGHT_PX + 32 + 1;

interface Point {
  key: string;
  label: string;
  messages: number;
}

function pointsOf(usage: UsageResponse, period: ChartPeriod): Point[] {
  if (period === 'daily')
    return usage.dailyUsage.map((d) => ({ key: d.date, label: formatDayLabel(d.date), messages: d.messages }));
  if (period === 'weekly')
    return usage.weeklyUsage.map((w) => ({ key: w.week, label: formatWeekLabel(w.week), messages: w.messages }));
  return usage.monthlyUsage.map((m) => ({ key: m.month, label: formatMonthLabel(m.month), messages: m.messages }));
}

/**
 * 'Uso de mensajes': bars scaled to the series maximum, each with its count above it (and on hover and
 * keyboard focus), over a value axis with lines at 0, half and the maximum (issue 43).
 */
export function UsageChart({ usage }: { usage: UsageResponse }) {
  const { t, i18n } = useTranslation('usage');
  const count = (value: number) => formatNumber(value, i18n.language);
  const [period, setPeriod] = useState<ChartPeriod>('daily');
  const points = pointsOf(usage, period);
  const max = Math.max(0, ...points.map((p) => p.messages));
  const labelEvery = points.length > 12 ? 5 : 1;
  // Wide enough for a whole label ('27/11', 'Sem 16/11', 'nov 2026') at a readable size; narrow screens scroll.
  const slot = period === 'daily' ? 'min-w-8' : 'min-w-16';
  // The newest bucket (today) is what a person looks for: a chart wider than the screen opens at its end.
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && period) element.scrollLeft = element.scrollWidth;
  }, [period]);

  return (
    <section
      aria-labelledby="usage-chart-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="usage-chart-title" className="font-semibold text-lg text-slate-900 dark:text-white">
          {t('chart.title')}
        </h2>
        <div role="group" aria-label={t('chart.periods')} className="inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          {(['daily', 'weekly', 'monthly'] as const).map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={period === p}
              onClick={() => setPeriod(p)}
              className={clsx(
                'rounded-md px-3 py-1.5 font-medium text-sm focus-visible:outline-2 focus-visible:outline-indigo-500',
                period === p
                  ? 'bg-white text-indigo-700 shadow-sm dark:bg-slate-950 dark:text-indigo-300'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {t(`chart.${p}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="mt-6 flex gap-2">
        <ValueAxis
          max={max}
          label={t('chart.axis')}
          format={(v) => (Number.isInteger(v) ? count(v) : v.toLocaleString(i18n.language))}
        />
        <div ref={scroller} data-testid="usage-chart-scroller" className="relative min-w-0 flex-1 overflow-x-auto pb-1">
          {max > 0 && <GridLines />}
          <ul
            data-testid="usage-chart"
            data-period={period}
            className="relative flex min-w-full items-end gap-1 border-slate-400 border-b pt-8 dark:border-slate-500"
            style={{ height: CHART_BOX_PX }}
          >
            {points.map((point) => {
              const height = barHeightPx(point.messages, max, CHART_HEIGHT_PX, MIN_BAR_PX);
              return (
                <li key={point.key} className={clsx('group relative flex h-full flex-1 flex-col items-center justify-end', slot)}>
                  <button
                    type="button"
                    data-testid="usage-bar"
                    data-value={point.messages}
                    aria-label={t('chart.bar', { label: point.label, count: point.messages, n: count(point.messages) })}
                    className={clsx(
                      'w-full rounded-t-md focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2',
                      point.messages > 0
                        ? 'bg-indigo-500 hover:bg-indigo-600 dark:bg-indigo-400 dark:hover:bg-indigo-300'
                        : 'bg-slate-200 dark:bg-slate-700',
                    )}
                    style={{ height: point.messages > 0 ? height : 2 }}
                  />
                  {point.messages > 0 && (
                    <span
                      aria-hidden
                      data-testid="usage-bar-value"
                      className="pointer-events-none absolute mb-0.5 text-[11px] text-slate-600 tabular-nums group-focus-within:invisible group-hover:invisible dark:text-slate-300"
                      style={{ bottom: height }}
                    >
                      {count(point.messages)}
                    </span>
                  )}
                  <span
                    role="tooltip"
                    className="pointer-events-none absolute z-10 mb-1 hidden whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-white text-xs shadow group-focus-within:block group-hover:block dark:bg-white dark:text-slate-900"
                    style={{ bottom: Math.max(height, 2) }}
                  >
                    {point.messages}
                  </span>
                </li>
              );
            })}
          </ul>
          <ul className="mt-2 flex min-w-full gap-1" aria-hidden>
            {points.map((point, index) => (
              <li
                key={point.key}
                data-testid="usage-label"
                className={clsx('flex-1 whitespace-nowrap text-center text-slate-600 text-xs dark:text-slate-300', slot)}
              >
                {index % labelEvery === 0 || index === points.length - 1 ? point.label : ''}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {max === 0 && <p className="mt-4 text-slate-500 text-sm dark:text-slate-400">{t('chart.empty')}</p>}
    </section>
  );
}

/** The value axis beside the bars: the maximum, its half and 0, level with the grid lines. */
function ValueAxis({ max, label, format }: { max: number; label: string; format: (value: number) => string }) {
  const ticks = max > 0 ? [max, max / 2, 0] : [0];
  return (
    <div
      aria-hidden
      data-testid="usage-axis"
      title={label}
      className="relative w-8 shrink-0 text-right text-[11px] text-slate-600 tabular-nums dark:text-slate-300"
      style={{ height: CHART_BOX_PX }}
    >
      {ticks.map((tick) => (
        <span
          key={tick}
          data-testid="usage-axis-tick"
          className="absolute right-0 translate-y-1/2"
          style={{ bottom: (tick / (max || 1)) * CHART_HEIGHT_PX }}
        >
          {format(tick)}
        </span>
      ))}
    </div>
  );
}

/** Dashed lines at the maximum and its half, behind the bars. */
function GridLines() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0" style={{ height: CHART_BOX_PX }}>
      {[1, 0.5].map((share) => (
        <div
          key={share}
          className="absolute inset-x-0 border-slate-200 border-t border-dashed dark:border-slate-700"
          style={{ bottom: share * CHART_HEIGHT_PX + 1 }}
        />
      ))}
    </div>
  );
}
