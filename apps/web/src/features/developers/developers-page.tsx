import { API_KEY_TAG } from '@div/shared/api-keys';
import { contactEmails } from '@div/shared/legal-common';
import { type DeveloperPlan, developerPlanIds, developerPlanLimits, developerPlanOf, developerPlans } from '@div/shared/plans';
import { clsx } from 'clsx';
import { ArrowRight, Check, Gauge, KeyRound, LifeBuoy, Package, ShieldCheck, Terminal, Zap } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { CheckoutResult } from '../../components/checkout-result';
import { useCheckout } from '../../lib/checkout';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { useStoredSession } from '../../lib/session';
import { CodeBlock } from './code-block';
import { configureSnippets, installSnippet, integrateSnippets } from './snippets';
import './locale';
import { useDocumentTitle } from '../../lib/document-title';

const featureTiles = [
  { key: 'rest', Icon: Terminal },
  { key: 'sdk', Icon: Package },
  { key: 'limits', Icon: Gauge },
  { key: 'security', Icon: ShieldCheck },
  { key: 'speed', Icon: Zap },
  { key: 'support', Icon: LifeBuoy },
] as const;

export default function DevelopersPage() {
  const { t } = useTranslation('developers');
  const session = useStoredSession();
  const navigate = useNavigate();
  const profile = useProfile({ enabled: Boolean(session) });
  const current = session && profile.data ? developerPlanOf(profile.data.developerPlan).id : null;
  const checkout = useCheckout(t('checkoutError'));

  useDocumentTitle('Desarrolladores');

  const choose = (plan: DeveloperPlan) => {
    if (!plan.priceId) {
      navigate(session ? '/usage' : '/login');
      return;
    }
    void checkout.start(plan.id, plan.priceId);
  };

  const steps = [
    { key: 'key', Icon: KeyRound, snippets: null },
    { key: 'configure', Icon: Package, snippets: [installSnippet, ...configureSnippets] },
    { key: 'integrate', Icon: Zap, snippets: integrateSnippets },
  ] as const;

  return (
    <main className="flex-1">
      <section className="mx-auto max-w-7xl px-4 pt-16 pb-12 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="font-semibold text-indigo-700 text-sm uppercase tracking-wide dark:text-indigo-300">{t('badge')}</p>
          <h1 className="mt-2 font-extrabold text-4xl text-slate-900 tracking-tight sm:text-5xl dark:text-white">{t('title')}</h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <CheckoutResult kind="developer" />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {developerPlanIds.map((id) => {
            const plan = developerPlans[id];
            const isCurrent = current === id;
            const buttonLabel = isCurrent
              ? t('current')
              : checkout.pending === id
                ? t('redirecting')
                : plan.priceId
                  ? t('select')
                  : t('startFree');
            const limits = developerPlanLimits(plan);
            const enterprise = plan.priceUsd === null;
            const buttonClass = clsx(
              'mt-6 block w-full rounded-xl px-4 py-3 text-center font-semibold text-sm transition disabled:cursor-not-allowed',
              isCurrent
                ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
                : plan.popular
                  ? 'bg-indigo-600 text-white hover:bg-indigo-500 disabled:opacity-70'
                  : 'bg-slate-900 text-white hover:bg-slate-700 disabled:opacity-70 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200',
            );
            return (
              <li key={id} className="flex">
                <article
                  aria-labelledby={`dev-plan-${id}`}
                  data-plan={id}
                  data-current={isCurrent || undefined}
                  className={clsx(
                    'relative flex w-full flex-col rounded-3xl border bg-white p-7 shadow-sm dark:bg-slate-900',
                    isCurrent
                      ? 'border-emerald-500 ring-2 ring-emerald-500'
                      : plan.popular
                        ? 'border-indigo-500 ring-2 ring-indigo-500'
                        : 'border-slate-200 dark:border-slate-800',
                  )}
                >
                  {(plan.popular || isCurrent) && (
                    <p
                      className={clsx(
                        '-top-3 -translate-x-1/2 absolute left-1/2 whitespace-nowrap rounded-full px-3 py-1 font-semibold text-white text-xs',
                        isCurrent ? 'bg-emerald-700' : 'bg-indigo-600',
                      )}
                    >
                      {isCurrent ? t('current') : t('popular')}
                    </p>
                  )}
                  <h2 id={`dev-plan-${id}`} className="font-semibold text-lg text-slate-900 dark:text-white">
                    {plan.name}
                  </h2>
                  <p className="mt-1 text-slate-600 text-sm dark:text-slate-400">{plan.description}</p>
                  <p className="mt-5 flex items-baseline gap-1">
                    <span
                      className={clsx(
                        'font-extrabold text-slate-900 tracking-tight dark:text-white',
                        enterprise ? 'text-3xl' : 'text-4xl',
                      )}
                    >
                      {plan.priceText}
                    </span>
                    {!enterprise && <span className="text-slate-600 text-sm dark:text-slate-400">{t('perMonth')}</span>}
                  </p>
                  {enterprise && !isCurrent ? (
                    <a href={`mailto:${contactEmails.sales}?subject=DIV%20Enterprise`} className={buttonClass}>
                      {t('contactSales')}
                    </a>
                  ) : (
                    <button
                      type="button"
                      disabled={isCurrent || checkout.pending === id}
                      onClick={() => choose(plan)}
                      className={buttonClass}
                      aria-label={`${buttonLabel}: ${plan.name}`}
                    >
                      {buttonLabel}
                    </button>
                  )}
                  <ul className="mt-7 space-y-2 text-sm">
                    {[limits.perMonth, limits.perMinute, ...plan.features].map((feature) => (
                      <li key={feature} className="flex gap-2 text-slate-700 dark:text-slate-300">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </article>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="guide-title" className="bg-slate-50 py-16 dark:bg-slate-900/50">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <h2 id="guide-title" className="text-center font-bold text-3xl text-slate-900 dark:text-white">
            {t('guideTitle')}
          </h2>
          <ol className="mt-10 space-y-8">
            {steps.map(({ key, Icon, snippets }, index) => (
              <li key={key} className="grid gap-4 md:grid-cols-[16rem_1fr] md:gap-8">
                <div className="flex gap-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-bold text-white">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                      <Icon aria-hidden="true" className="size-4 shrink-0 text-indigo-600 dark:text-indigo-400" />
                      {t(`steps.${key}.title`)}
                    </h3>
                    <p className="mt-1 text-slate-600 text-sm dark:text-slate-400">{t(`steps.${key}.text`)}</p>
                    {key === 'key' && (
                      <Link
                        to={`${paths.settings}#${paths.apiKeysAnchor}`}
                        className="mt-2 inline-flex items-center gap-1 font-semibold text-indigo-700 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 focus-visible:outline-offset-2 dark:text-indigo-300"
                      >
                        {t('steps.key.action')}
                        <ArrowRight aria-hidden="true" className="size-4" />
                      </Link>
                    )}
                  </div>
                </div>
                <div className="min-w-0">
                  {snippets ? (
                    <CodeBlock snippets={[...snippets]} />
                  ) : (
                    <div className="rounded-xl border border-slate-300 border-dashed p-4 text-slate-600 text-sm dark:border-slate-700 dark:text-slate-400">
                      <code className="font-mono text-slate-800 dark:text-slate-200">DIV_API_KEY={API_KEY_TAG}••••••••••••</code>
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="dev-features-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="dev-features-title" className="text-center font-bold text-3xl text-slate-900 dark:text-white">
          {t('featuresTitle')}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featureTiles.map(({ key, Icon }) => (
            <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <Icon aria-hidden="true" className="size-6 text-indigo-600 dark:text-indigo-400" />
              <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{t(`features.${key}.title`)}</h3>
              <p className="mt-2 text-slate-600 text-sm dark:text-slate-400">{t(`features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link
            to="/pricing"
            className="rounded-xl border border-slate-300 px-6 py-3 font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {t('regularPlans')}
          </Link>
          <Link to="/usage" className="rounded-xl bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-500">
            {t('myUsage')}
          </Link>
        </div>
      </section>
    </main>
  );
}
