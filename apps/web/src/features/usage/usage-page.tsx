import { formatBytes } from '@div/shared/asset-display';
import type { UsageResponse } from '@div/shared/usage';
import { daysUntilReset, isSuccessRateGood, isUnlimited, percentUsed } from '@div/shared/usage-display';
import { useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangle,
  CalendarClock,
  CheckCircle2,
  Code2,
  CreditCard,
  HardDrive,
  MessageSquare,
  RefreshCw,
  Settings,
  TrendingUp,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { LoadingMessage } from '../../components/loading-message';
import { useTranslation } from '../../lib/i18n';
import { formatNumber, formatPercent, numberLocale } from '../../lib/number-format';
import { paths } from '../../lib/paths';
import { useUsage } from './api';
import { OutcomeBar } from './outcome-bar';
import { PlanBadge } from './plan-badge';
import { ProgressBar } from './progress-bar';
import { UsageChart } from './usage-chart';
import './locale';
import { useDocumentTitle } from '../../lib/document-title';

export default function UsagePage() {
  const { t } = useTranslation('usage');
  const usage = useUsage();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  useDocumentTitle(t('title'));

  const loading = usage.isFetching || refreshing;
  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: ['user', 'usage'] });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="font-semibold text-indigo-600 text-sm uppercase tracking-wide dark:text-indigo-400">{t('kicker')}</p>
          <h1 className="mt-1 font-bold text-3xl text-slate-900 tracking-tight dark:text-white">{t('title')}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <button
          type="button"
          onClick={refresh}
          disabled={loading}
          className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 font-medium text-sm text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <RefreshCw aria-hidden className={loading ? 'size-4 animate-spin' : 'size-4'} />
          {t('refresh')}
        </button>
      </header>

      {usage.isError && !loading ? (
        <div
          role="alert"
          className="mt-10 rounded-2xl border border-red-200 bg-red-50 p-8 text-center dark:border-red-900 dark:bg-red-950/40"
        >
          <AlertTriangle aria-hidden className="mx-auto size-10 text-red-500" />
          <h2 className="mt-3 font-semibold text-lg text-red-800 dark:text-red-200">{t('errorTitle')}</h2>
          <p className="mt-1 text-red-700 text-sm dark:text-red-300">{usage.error.message}</p>
          <button
            type="button"
            onClick={refresh}
            className="mt-4 rounded-lg bg-red-600 px-4 py-2 font-medium text-sm text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-red-500 focus-visible:outline-offset-2"
          >
            {t('retry')}
          </button>
        </div>
      ) : usage.data ? (
        <UsageDetails usage={usage.data} />
      ) : (
        <LoadingMessage message={t('loading')} />
      )}
    </main>
  );
}

function Card({ title, icon, children, testId }: { title: string; icon: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section
      data-testid={testId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between">
        <h2 className="font-medium text-slate-500 text-sm dark:text-slate-400">{title}</h2>
        <span className="text-slate-400 dark:text-slate-500">{icon}</span>
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function UsageDetails({ usage }: { usage: UsageResponse }) {
  const { t, i18n } = useTranslation('usage');
  const lang = i18n.language;
  const count = (value: number) => formatNumber(value, lang);
  const percentText = (value: number) => formatPercent(value, lang);
  const bytes = (value: number) => formatBytes(value, numberLocale(lang));
  const unlimited = isUnlimited(usage.messagesLimit);
  const percent = percentUsed(usage.messagesUsed, usage.messagesLimit);
  const days = daysUntilReset(usage.resetDate);
  const good = isSuccessRateGood(usage.successRate);
  const storagePercent = percentUsed(usage.imageStorage.usedBytes, usage.imageStorage.limitBytes);

  return (
    <div className="mt-8 space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <Card testId="card-plan" title={t('cards.plan')} icon={<CreditCard aria-hidden className="size-5" />}>
          <PlanBadge plan={usage.currentPlan} />
        </Card>
        <Card testId="card-messages" title={t('cards.messages')} icon={<MessageSquare aria-hidden className="size-5" />}>
          <p className="font-bold text-2xl text-slate-900 dark:text-white">
            <span data-testid="messages-used">{count(usage.messagesUsed)}</span>
            {!unlimited && (
              <span className="font-normal text-lg text-slate-500 dark:text-slate-400">
                {' / '}
                <span data-testid="messages-limit">{count(usage.messagesLimit)}</span>
              </span>
            )}
          </p>
          {unlimited ? (
            <p className="mt-2 text-slate-500 text-sm dark:text-slate-400">{t('cards.unlimited')}</p>
          ) : (
            <div className="mt-3 space-y-1.5">
              <ProgressBar percent={percent} label={t('cards.messages')} />
              <p className="text-slate-500 text-xs dark:text-slate-400">
                {t('cards.percentUsed', { percent: percentText(percent) })}
              </p>
            </div>
          )}
        </Card>
        <Card testId="card-reset" title={t('cards.reset')} icon={<CalendarClock aria-hidden className="size-5" />}>
          <p className="font-bold text-2xl text-slate-900 dark:text-white">{t('cards.days', { count: days, n: count(days) })}</p>
          <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">
            {new Intl.DateTimeFormat(numberLocale(lang), { dateStyle: 'long' }).format(new Date(usage.resetDate))}
          </p>
        </Card>
        <Card testId="card-success" title={t('cards.success')} icon={<TrendingUp aria-hidden className="size-5" />}>
          <p className="font-bold text-2xl text-slate-900 dark:text-white">{percentText(usage.successRate)}</p>
          <OutcomeBar usage={usage} />
        </Card>
        <Card testId="card-storage" title={t('cards.storage')} icon={<HardDrive aria-hidden className="size-5" />}>
          <p className="font-bold text-2xl text-slate-900 dark:text-white">
            <span data-testid="storage-used">{bytes(usage.imageStorage.usedBytes)}</span>
            <span className="font-normal text-lg text-slate-500 dark:text-slate-400">
              {' / '}
              <span data-testid="storage-limit">{bytes(usage.imageStorage.limitBytes)}</span>
            </span>
          </p>
          <div className="mt-3 space-y-1.5">
            <ProgressBar percent={storagePercent} label={t('cards.storage')} />
            <p className="text-slate-500 text-xs dark:text-slate-400">
              {t('cards.percentUsed', { percent: percentText(storagePercent) })}
            </p>
          </div>
          <p className="mt-2 text-slate-500 text-xs dark:text-slate-400">{t('cards.storageNote')}</p>
        </Card>
      </div>

      <UsageChart usage={usage} />

      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="performance-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="performance-title" className="font-semibold text-lg text-slate-900 dark:text-white">
            {t('performance.title')}
          </h2>
          <dl className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
            <div className="flex justify-between py-3">
              <dt className="text-slate-600 dark:text-slate-300">{t('performance.avg')}</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">{count(usage.averageResponseTime)} ms</dd>
            </div>
            <div className="flex justify-between py-3">
              <dt className="text-slate-600 dark:text-slate-300">{t('performance.apiCalls')}</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">{count(usage.apiCalls)}</dd>
            </div>
            <div className="flex items-center justify-between py-3">
              <dt className="text-slate-600 dark:text-slate-300">{t('performance.success')}</dt>
              <dd className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                {good ? (
                  <CheckCircle2
                    data-testid="success-good"
                    aria-label={t('performance.good')}
                    className="size-5 text-emerald-500"
                  />
                ) : (
                  <AlertTriangle
                    data-testid="success-warning"
                    aria-label={t('performance.warning')}
                    className="size-5 text-amber-500"
                  />
                )}
                {percentText(usage.successRate)}
              </dd>
            </div>
          </dl>
        </section>

        <section
          aria-labelledby="features-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="features-title" className="font-semibold text-lg text-slate-900 dark:text-white">
            {t('features.title')}
          </h2>
          {usage.topFeatures.length === 0 ? (
            <p className="mt-4 text-slate-500 text-sm dark:text-slate-400">{t('features.empty')}</p>
          ) : (
            <ul className="mt-4 space-y-4">
              {usage.topFeatures.map((f) => (
                <li key={f.feature}>
                  <div className="flex justify-between text-sm">
                    <span
                      data-testid="feature-name"
                      data-feature={f.feature}
                      className="font-medium text-slate-800 dark:text-slate-100"
                    >
                      {t(`featureNames.${f.feature.replaceAll('.', '_')}`, { defaultValue: f.feature })}
                    </span>
                    <span className="text-slate-500 dark:text-slate-400">
                      {t('features.uses', { count: f.usage, n: count(f.usage) })} · {percentText(f.percentage)}
                    </span>
                  </div>
                  <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
                    <div className="h-full rounded-full bg-indigo-500 dark:bg-indigo-400" style={{ width: `${f.percentage}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section
        aria-labelledby="more-title"
        className="rounded-2xl bg-gradient-to-r from-indigo-600 to-violet-600 p-6 text-white shadow-sm"
      >
        <h2 id="more-title" className="font-semibold text-xl">
          {t('more.title')}
        </h2>
        <p className="mt-1 text-indigo-100">{t('more.text')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <MoreLink to={paths.pricing} icon={<CreditCard aria-hidden className="size-4" />} label={t('more.upgrade')} />
          <MoreLink to={paths.developers} icon={<Code2 aria-hidden className="size-4" />} label={t('more.api')} />
          <MoreLink to={paths.settings} icon={<Settings aria-hidden className="size-4" />} label={t('more.settings')} />
        </div>
      </section>
    </div>
  );
}

function MoreLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded-lg bg-white/15 px-4 py-2 font-medium text-sm ring-1 ring-white/30 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white focus-visible:outline-offset-2"
    >
      {icon}
      {label}
    </Link>
  );
}
