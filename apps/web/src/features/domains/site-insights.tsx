import { hasAdvancedFeatures, hasPublishingFeatures, type SeoSettings } from '@div/shared/publishing';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useAnalytics, useDomainActions, useSeo } from './api';
import { input, primary, Upsell } from './ui';

/** SEO settings and page-view analytics of the selected site (medium and pro). */
export function SiteInsights({ spaceId, plan }: { spaceId: string; plan: string }) {
  const { t } = useTranslation('domains');
  const allowed = hasPublishingFeatures(plan);
  return (
    <section aria-labelledby={`seo-${spaceId}`} className="border-slate-200 border-t pt-5 dark:border-slate-700">
      <h3 id={`seo-${spaceId}`} className="font-semibold text-base text-slate-900 dark:text-white">
        {t('seo.title')}
      </h3>
      <div className="mt-3">
        {allowed ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <SeoForm spaceId={spaceId} advanced={hasAdvancedFeatures(plan)} />
            <Analytics spaceId={spaceId} />
          </div>
        ) : (
          <Upsell text={t('upsell.seo')} />
        )}
      </div>
    </section>
  );
}

function SeoForm({ spaceId, advanced }: { spaceId: string; advanced: boolean }) {
  const { t } = useTranslation('domains');
  const seo = useSeo(spaceId, true);
  const { saveSeo } = useDomainActions();
  const [form, setForm] = useState<SeoSettings | null>(null);
  const id = useId();
  useEffect(() => {
    if (seo.data) setForm(seo.data);
  }, [seo.data]);
  if (!form) return <p className="text-slate-500 text-sm dark:text-slate-400">{t('loading')}</p>;

  const set = <K extends keyof SeoSettings>(key: K, value: SeoSettings[K]) => setForm({ ...form, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveSeo.mutate(
      { spaceId, seo: form },
      {
        onSuccess: () => toast.success(t('seo.saved')),
        onError: (e) => toast.error(e instanceof ApiError ? e.message : String(e)),
      },
    );
  };
  const label = 'block font-medium text-slate-700 text-sm dark:text-slate-200';
  return (
    <form onSubmit={submit} className="space-y-3 text-sm">
      <p className="text-slate-500 dark:text-slate-400">{t('seo.note')}</p>
      <div>
        <label htmlFor={`${id}-title`} className={label}>
          {t('seo.pageTitle')}
        </label>
        <input
          id={`${id}-title`}
          className={input}
          maxLength={120}
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={label}>
          {t('seo.description')}
        </label>
        <textarea
          id={`${id}-description`}
          className={input}
          rows={2}
          maxLength={320}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-image`} className={label}>
          {t('seo.image')}
        </label>
        <input
          id={`${id}-image`}
          type="url"
          className={input}
          value={form.image}
          onChange={(e) => set('image', e.target.value)}
        />
      </div>
      <label className="flex items-center gap-2 text-slate-700 dark:text-slate-200">
        <input
          type="checkbox"
          checked={form.indexing}
          onChange={(e) => set('indexing', e.target.checked)}
          className="size-4 rounded accent-indigo-600"
        />
        {t('seo.indexing')}
      </label>
      <fieldset
        disabled={!advanced}
        className="space-y-3 rounded-lg border border-slate-200 p-3 disabled:opacity-60 dark:border-slate-700"
      >
        <legend className="px-1 font-medium text-slate-600 text-xs dark:text-slate-300">{t('seo.proOnly')}</legend>
        <div>
          <label htmlFor={`${id}-canonical`} className={label}>
            {t('seo.canonical')}
          </label>
          <input
            id={`${id}-canonical`}
            type="url"
            className={input}
            value={form.canonicalUrl}
            onChange={(e) => set('canonicalUrl', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-structured`} className={label}>
            {t('seo.structured')}
          </label>
          <textarea
            id={`${id}-structured`}
            className={`${input} font-mono text-xs`}
            rows={3}
            value={form.structuredData}
            onChange={(e) => set('structuredData', e.target.value)}
          />
        </div>
      </fieldset>
      <button type="submit" className={primary} disabled={saveSeo.isPending}>
        {t('seo.save')}
      </button>
    </form>
  );
}

function Analytics({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation('domains');
  const stats = useAnalytics(spaceId, true);
  if (!stats.data) return <p className="text-slate-500 text-sm dark:text-slate-400">{t('loading')}</p>;
  const { series, topPages, total, days } = stats.data;
  const max = Math.max(1, ...series.map((d) => d.views));
  return (
    <div className="text-sm">
      <h4 className="font-semibold text-slate-900 dark:text-white">{t('analytics.title')}</h4>
      <p data-testid="analytics-total" className="mt-1 text-slate-600 dark:text-slate-300">
        {t('analytics.total', { count: total, days })}
      </p>
      <div role="img" aria-label={t('analytics.chart')} className="mt-3 flex h-24 items-end gap-0.5">
        {series.map((d) => (
          <div
            key={d.date}
            title={t('analytics.views', { date: d.date, count: d.views })}
            className="flex-1 rounded-t bg-indigo-500/80 dark:bg-indigo-400/80"
            style={{ height: `${d.views > 0 ? Math.max(6, (d.views / max) * 100) : 2}%` }}
          />
        ))}
      </div>
      <h4 className="mt-4 font-semibold text-slate-900 dark:text-white">{t('analytics.topPages')}</h4>
      {topPages.length === 0 ? (
        <p className="mt-1 text-slate-500 dark:text-slate-400">{t('analytics.noViews')}</p>
      ) : (
        <ol className="mt-1 space-y-1">
          {topPages.map((p) => (
            <li key={p.path} className="flex justify-between gap-2">
              <span className="truncate font-mono text-slate-700 dark:text-slate-200">{p.path}</span>
              <span className="font-medium text-slate-900 dark:text-white">{p.views}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
