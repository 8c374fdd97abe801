import { contactEmails } from '@div/shared/legal-common';
import { type Plan, planFeatureCards, planIds, planOf, plans, plansWithFeature } from '@div/shared/plans';
import { BarChart3, Code2, Globe, Mail, Search } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { CheckoutResult } from '../../components/checkout-result';
import { startFreeTarget } from '../../components/start-free-link';
import { useCheckout } from '../../lib/checkout';
import { useTranslation } from '../../lib/i18n';
import { useProfile } from '../../lib/profile';
import { useStoredSession } from '../../lib/session';
import { PlanCard } from './plan-card';
import './locale';
import { useDocumentTitle } from '../../lib/document-title';

const cardIcons = { customDomain: Globe, customApi: Code2, viewAnalytics: BarChart3, advancedSeo: Search } as const;

export default function PricingPage() {
  const { t } = useTranslation('pricing');
  const session = useStoredSession();
  const navigate = useNavigate();
  const profile = useProfile({ enabled: Boolean(session) });
  const currentPlan = session && profile.data ? planOf(profile.data.plan).id : null;
  const checkout = useCheckout(t('checkoutError'));

  useDocumentTitle('Precios');

  const choose = (plan: Plan) => {
    if (!plan.priceId) {
      navigate(startFreeTarget(Boolean(session)));
      return;
    }
    void checkout.start(plan.id, plan.priceId);
  };

  return (
    <main className="flex-1">
      <section className="mx-auto max-w-7xl px-4 pt-16 pb-12 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="font-extrabold text-4xl text-slate-900 tracking-tight sm:text-5xl dark:text-white">{t('title')}</h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <CheckoutResult kind="regular" />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {planIds.map((id) => (
            <li key={id} className="flex">
              <PlanCard
                plan={plans[id]}
                current={currentPlan === id}
                pending={checkout.pending === id}
                onChoose={() => choose(plans[id])}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-title" className="bg-slate-50 py-16 dark:bg-slate-900/50">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="features-title" className="text-center font-bold text-3xl text-slate-900 dark:text-white">
            {t('featuresTitle')}
          </h2>
          <p className="mt-2 text-center text-slate-600 dark:text-slate-300">{t('featuresSubtitle')}</p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {planFeatureCards.map((card) => {
              const Icon = cardIcons[card.id];
              return (
                <li
                  key={card.id}
                  data-feature-card={card.id}
                  className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
                >
                  <Icon aria-hidden="true" className="size-6 text-indigo-600 dark:text-indigo-400" />
                  <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{card.title}</h3>
                  <p className="mt-2 text-slate-600 text-sm dark:text-slate-400">{card.description}</p>
                  <p className="mt-4 font-medium text-indigo-700 text-xs dark:text-indigo-300">
                    {t('availableIn', {
                      plans: plansWithFeature(card)
                        .map((p) => p.name)
                        .join(', '),
                    })}
                  </p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="developers-title" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-slate-900 p-8 text-white sm:p-10 md:flex-row md:items-center md:justify-between dark:bg-slate-800">
          <div>
            <h2 id="developers-title" className="font-bold text-2xl">
              {t('developersTitle')}
            </h2>
            <p className="mt-2 max-w-xl text-slate-300">{t('developersText')}</p>
          </div>
          <div className="flex w-full shrink-0 flex-col gap-3 whitespace-nowrap sm:w-auto sm:flex-row">
            <Link
              to="/developers"
              className="rounded-xl bg-white px-5 py-3 text-center font-semibold text-slate-900 hover:bg-slate-100"
            >
              {t('developersButton')}
            </Link>
            <Link
              to="/usage"
              className="rounded-xl px-5 py-3 text-center font-semibold text-white ring-1 ring-white/50 hover:bg-white/10"
            >
              {t('usageButton')}
            </Link>
          </div>
        </div>
        <p className="mt-10 flex flex-wrap items-center justify-center gap-2 text-center text-slate-600 dark:text-slate-300">
          <Mail aria-hidden="true" className="size-4" />
          <span className="font-semibold">{t('contactTitle')}</span> {t('contactText')}
          <a
            href={`mailto:${contactEmails.support}`}
            className="font-semibold text-indigo-700 underline underline-offset-4 dark:text-indigo-300"
          >
            {contactEmails.support}
          </a>
        </p>
      </section>
    </main>
  );
}
