import { COPY_CONFIRMATION_MS } from '@div/shared/constants';
import { developerPlanOf, planOf } from '@div/shared/plans';
import { formatDateEs, isUnlimited, percentUsed, progressColor } from '@div/shared/usage-display';
import { clsx } from 'clsx';
import { Check, Copy, CreditCard, ExternalLink } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { LoadingMessage } from '../../components/loading-message';
import { useTranslation } from '../../lib/i18n';
import { formatNumber, formatPercent } from '../../lib/number-format';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { toast } from '../../lib/toast';
import { ApiKeysSection } from '../api-keys/api-keys-section';
import { CustomModelsSection } from '../custom-models/custom-models-section';
import { DomainManager } from '../domains/domain-manager';
import { AccountActions } from './account-actions';
import { openPortal, useAllowance } from './api';
import './locale';
import { useDocumentTitle } from '../../lib/document-title';

const barColours = { green: 'bg-emerald-500', yellow: 'bg-amber-500', red: 'bg-red-500' } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="font-semibold text-lg text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const profile = useProfile({ staleTime: 0, retry: false });

  useDocumentTitle(t('title'));

  return (
    <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl text-slate-900 tracking-tight dark:text-white">{t('title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
      {profile.isError ? (
        <div
          role="alert"
          className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950/40"
        >
          <p className="font-medium text-red-800 dark:text-red-200">{t('profileError')}</p>
          <button
            type="button"
            onClick={() => profile.refetch()}
            className="mt-3 rounded-lg bg-red-600 px-4 py-2 font-medium text-sm text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-red-500"
          >
            {t('retry')}
          </button>
        </div>
      ) : !profile.data ? (
        <LoadingMessage message={t('loading')} />
      ) : (
        <div className="mt-8 space-y-6">
          <PersonalInfo id={profile.data.id} name={profile.data.name} email={profile.data.email} picture={profile.data.picture} />
          <PlanSection plan={profile.data.plan} developerPlan={profile.data.developerPlan} />
          <SubscriptionSection />
          <Section id="domains-title" title={t('domains.title')}>
            <DomainManager />
          </Section>
          <ApiKeysSection />
          <CustomModelsSection plan={profile.data.plan} />
          <AccountActions />
        </div>
      )}
    </main>
  );
}

function PersonalInfo(props: { id: string; name: string; email: string; picture: string | null }) {
  const { t } = useTranslation('settings');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.id);
    } catch {
      // Clipboard refused (insecure origin): the id stays selectable on screen.
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <Section id="personal-title" title={t('personal.title')}>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <Avatar src={props.picture} name={props.name} alt={t('personal.picture', { name: props.name })} size="xl" />
        <dl className="grid flex-1 gap-3 text-sm">
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{t('personal.name')}</dt>
            <dd data-testid="profile-name" className="font-medium text-base text-slate-900 dark:text-white">
              {props.name}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{t('personal.email')}</dt>
            <dd data-testid="profile-email" className="font-medium text-base text-slate-900 dark:text-white">
              {props.email}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{t('personal.id')}</dt>
            <dd className="flex items-center gap-2">
              <code
                data-testid="profile-id"
                className="break-all rounded bg-slate-100 px-2 py-1 text-slate-800 text-xs dark:bg-slate-800 dark:text-slate-200"
              >
                {props.id}
              </code>
              <button
                type="button"
                onClick={copy}
                aria-label={copied ? t('personal.copied') : t('personal.copy')}
                className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {copied ? <Check aria-hidden className="size-3.5 text-emerald-500" /> : <Copy aria-hidden className="size-3.5" />}
                <span aria-live="polite">{copied ? t('personal.copied') : t('personal.copy')}</span>
              </button>
            </dd>
          </div>
        </dl>
      </div>
    </Section>
  );
}

function PlanSection({ plan, developerPlan }: { plan: string; developerPlan: string }) {
  const { t, i18n } = useTranslation('settings');
  const allowance = useAllowance();
  const current = planOf(allowance.data?.currentPlan ?? plan);
  const used = allowance.data?.messagesUsed ?? 0;
  const limit = allowance.data?.messagesLimit ?? current.messagesPerMonth;
  const percent = percentUsed(used, limit);
  const colour = progressColor(percent);
  return (
    <Section id="plan-title" title={t('plan.title')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p data-testid="settings-plan" className="font-bold text-2xl text-slate-900 dark:text-white">
            {current.name}
          </p>
          <p className="text-slate-500 text-sm dark:text-slate-400">
            {t('plan.developer', { plan: developerPlanOf(developerPlan).name })}
          </p>
        </div>
        <Link
          to={paths.pricing}
          className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {t('plan.change')}
        </Link>
      </div>
      <div className="mt-5">
        <div className="flex justify-between text-sm">
          <span className="text-slate-600 dark:text-slate-300">{t('plan.messages')}</span>
          <span data-testid="settings-messages" className="font-medium text-slate-900 dark:text-white">
            {isUnlimited(limit)
              ? t('plan.unlimited')
              : `${formatNumber(used, i18n.language)} / ${formatNumber(limit, i18n.language)}`}
          </span>
        </div>
        {!isUnlimited(limit) && (
          <>
            <div
              role="progressbar"
              aria-label={t('plan.messages')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              data-color={colour}
              className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            >
              <div className={clsx('h-full rounded-full', barColours[colour])} style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-1.5 flex justify-between text-slate-500 text-xs dark:text-slate-400">
              <span>{t('plan.percentUsed', { percent: formatPercent(percent, i18n.language) })}</span>
              {allowance.data && <span>{t('plan.resets', { date: formatDateEs(allowance.data.resetDate) })}</span>}
            </p>
          </>
        )}
      </div>
    </Section>
  );
}

function SubscriptionSection() {
  const { t } = useTranslation('settings');
  const [opening, setOpening] = useState(false);
  const manage = async () => {
    setOpening(true);
    try {
      window.location.assign(await openPortal());
    } catch {
      toast.error(t('subscription.portalError'));
      setOpening(false);
    }
  };
  return (
    <Section id="subscription-title" title={t('subscription.title')}>
      <p className="text-slate-600 text-sm dark:text-slate-300">{t('subscription.text')}</p>
      <button
        type="button"
        onClick={manage}
        disabled={opening}
        className="mt-4 inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 font-medium text-sm text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 disabled:opacity-60"
      >
        <CreditCard aria-hidden className="size-4" />
        {opening ? t('subscription.opening') : t('subscription.manage')}
        <ExternalLink aria-hidden className="size-3.5" />
      </button>
    </Section>
  );
}
