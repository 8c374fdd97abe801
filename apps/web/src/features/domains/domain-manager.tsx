import {
  type CustomDomain,
  type DnsRecord,
  hasPublishingFeatures,
  PUBLISHING_MESSAGES,
  type Site,
  slugProblem,
} from '@div/shared/publishing';
import { formatDateEs } from '@div/shared/usage-display';
import { clsx } from 'clsx';
import { ExternalLink, Globe, Link2, Server } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { CopyButton } from '../../components/copy-button';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { relativeTime } from '../../lib/relative-time';
import { toast } from '../../lib/toast';
import { useDeployments, useDomainActions, useDomains, useSites } from './api';
import { SiteInsights } from './site-insights';
import { input, primary, secondary, Upsell } from './ui';
import './locale';

const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** The domain manager of /settings: a project picker, then the three tabs (subdomain, custom domain, DNS). */
export function DomainManager() {
  const { t, i18n } = useTranslation('domains');
  const sites = useSites();
  const domains = useDomains();
  const [spaceId, setSpaceId] = useState<string | null>(null);
  const selectId = useId();

  if (sites.isError || domains.isError) {
    return (
      <div role="alert" className="text-sm">
        <p className="text-red-700 dark:text-red-300">{t('loadError')}</p>
        <button type="button" className={`${secondary} mt-2`} onClick={() => Promise.all([sites.refetch(), domains.refetch()])}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!sites.data || !domains.data) return <p className="text-slate-500 text-sm dark:text-slate-400">{t('loading')}</p>;
  if (sites.data.sites.length === 0) return <p className="text-slate-600 text-sm dark:text-slate-300">{t('noSpaces')}</p>;

  const site = sites.data.sites.find((s) => s.spaceId === spaceId) ?? (sites.data.sites[0] as Site);
  const allowed = hasPublishingFeatures(sites.data.plan);
  const own = domains.data.filter((d) => d.spaceId === site.spaceId);
  const tabs = [
    { id: 'subdomain', icon: Globe, label: t('tabs.subdomain') },
    { id: 'custom', icon: Link2, label: t('tabs.custom') },
    { id: 'dns', icon: Server, label: t('tabs.dns') },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={selectId} className="font-medium text-slate-700 text-sm dark:text-slate-200">
          {t('project')}
        </label>
        <select
          id={selectId}
          value={site.spaceId}
          onChange={(e) => setSpaceId(e.target.value)}
          className={clsx(input, 'w-auto min-w-48')}
        >
          {sites.data.sites.map((s) => (
            <option key={s.spaceId} value={s.spaceId}>
              {t('option', {
                name: s.spaceName,
                where: s.liveDeploymentId ? s.address : t('notPublished'),
                when: relativeTime(s.editedAt, i18n.language),
              })}
            </option>
          ))}
        </select>
      </div>
      <Tabs.Root defaultValue="subdomain">
        <Tabs.List aria-label={t('title')} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          {tabs.map(({ id, icon: Icon, label }) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className={clsx(
                'inline-flex items-center gap-2 rounded-md px-3 py-1.5 font-medium text-slate-600 text-sm dark:text-slate-300',
                'focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=active]:bg-white data-[state=active]:text-indigo-700 data-[state=active]:shadow-sm',
                'dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-indigo-300',
              )}
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="subdomain" className="mt-4">
          <SubdomainTab key={site.spaceId} site={site} sitesDomain={sites.data.sitesDomain} />
        </Tabs.Content>
        <Tabs.Content value="custom" className="mt-4">
          {allowed ? <CustomDomainTab site={site} domains={own} /> : <Upsell text={t('upsell.domains')} />}
        </Tabs.Content>
        <Tabs.Content value="dns" className="mt-4">
          <DnsTab site={site} domains={own} serverIp={sites.data.serverIp} sitesDomain={sites.data.sitesDomain} />
        </Tabs.Content>
      </Tabs.Root>
      <SiteInsights key={`insights-${site.spaceId}`} spaceId={site.spaceId} plan={sites.data.plan} />
    </div>
  );
}

function SubdomainTab({ site, sitesDomain }: { site: Site; sitesDomain: string }) {
  const { t } = useTranslation('domains');
  const { rename, activate } = useDomainActions();
  const deployments = useDeployments(site.spaceId);
  const [slug, setSlug] = useState(site.slug);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const problem = slugProblem(slug.trim().toLowerCase());
  const hint =
    problem === 'invalid' ? PUBLISHING_MESSAGES.slugInvalid : problem === 'reserved' ? PUBLISHING_MESSAGES.slugReserved : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    rename.mutate(
      { spaceId: site.spaceId, slug },
      {
        onSuccess: (result) => {
          setSlug(result.site.slug);
          toast.success(t('subdomain.saved'));
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <div className="space-y-5 text-sm">
      <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <p className="text-slate-500 dark:text-slate-400">{t('subdomain.current')}</p>
        <p data-testid="site-address" className="mt-1 break-all font-mono font-semibold text-base text-slate-900 dark:text-white">
          {site.address}
        </p>
        {site.liveDeploymentId ? (
          <a href={site.url} target="_blank" rel="noopener noreferrer" className={`${secondary} mt-3`}>
            <ExternalLink aria-hidden className="size-4" />
            {t('subdomain.open')}
          </a>
        ) : (
          <p className="mt-2 text-slate-500 dark:text-slate-400">{t('subdomain.notPublished')}</p>
        )}
      </div>
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={inputId} className="block font-medium text-slate-700 dark:text-slate-200">
          {t('subdomain.label')}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          {/* Its own line on a narrow screen rather than squeezing the field to nothing. */}
          <div className="flex min-w-0 flex-[1_1_16rem] items-center gap-1">
            <input
              id={inputId}
              value={slug}
              onChange={(e) => {
                setSlug(e.target.value);
                setError(null);
              }}
              aria-describedby={hintId}
              aria-invalid={Boolean(hint || error)}
              autoComplete="off"
              spellCheck={false}
              className={clsx(input, 'font-mono')}
            />
            <span className="shrink-0 font-mono text-slate-500 dark:text-slate-400">.{sitesDomain}</span>
          </div>
          <button type="submit" className={primary} disabled={rename.isPending || slug.trim().toLowerCase() === site.slug}>
            {t('subdomain.save')}
          </button>
        </div>
        {/* The server's refusal is often the very rule the hint states: it shows once, in the alert. */}
        <p
          id={hintId}
          className={clsx(
            'text-xs',
            hint && !error ? 'text-amber-700 dark:text-amber-300' : 'text-slate-500 dark:text-slate-400',
          )}
        >
          {(!error && hint) || t('subdomain.hint')}
        </p>
        {error && (
          <p role="alert" className="text-red-700 text-sm dark:text-red-300">
            {error}
          </p>
        )}
      </form>
      <div>
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('subdomain.deployments')}</h3>
        {deployments.data && deployments.data.length === 0 && (
          <p className="mt-2 text-slate-500 dark:text-slate-400">{t('subdomain.none')}</p>
        )}
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
          {deployments.data?.slice(0, 5).map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-slate-700 dark:text-slate-200">
                {new Date(d.createdAt).toLocaleString('es-ES')} ·{' '}
                <span className="text-slate-500 dark:text-slate-400">{t('subdomain.files', { count: d.fileCount })}</span>
              </span>
              {d.live ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-800 text-xs dark:bg-emerald-900/50 dark:text-emerald-200">
                  {t('subdomain.live')}
                </span>
              ) : (
                <button
                  type="button"
                  className={secondary}
                  disabled={activate.isPending}
                  onClick={() =>
                    activate.mutate(
                      { spaceId: site.spaceId, deploymentId: d.id },
                      {
                        onSuccess: () => {
                          toast.success(t('subdomain.activated'));
                          void deployments.refetch();
                        },
                        onError: (e) => toast.error(errorMessage(e)),
                      },
                    )
                  }
                >
                  {t('subdomain.activate')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

const statusStyles = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  error: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
} as const;

function CustomDomainTab({ site, domains }: { site: Site; domains: CustomDomain[] }) {
  const { t } = useTranslation('domains');
  const actions = useDomainActions();
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!domain.trim()) {
      setError(t('custom.required'));
      return;
    }
    setError(null);
    actions.add.mutate(
      { spaceId: site.spaceId, domain },
      {
        onSuccess: () => {
          setDomain('');
          toast.success(t('custom.added'));
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <div className="space-y-4 text-sm">
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={inputId} className="block font-medium text-slate-700 dark:text-slate-200">
          {t('custom.label')}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={inputId}
            value={domain}
            onChange={(e) => {
              setDomain(e.target.value);
              setError(null);
            }}
            placeholder={t('custom.placeholder')}
            autoComplete="off"
            spellCheck={false}
            className={clsx(input, 'min-w-0 flex-1 font-mono')}
          />
          <button type="submit" className={primary} disabled={!domain.trim() || actions.add.isPending}>
            {t('custom.add')}
          </button>
        </div>
        {error && (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </form>
      {domains.length === 0 ? (
        <p className="text-slate-500 dark:text-slate-400">{t('custom.none')}</p>
      ) : (
        <ul className="space-y-3">
          {domains.map((d) => (
            <li key={d.id} data-testid="custom-domain" className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
              <div className="flex flex-wrap items-center gap-2">
                <span className="break-all font-mono font-semibold text-slate-900 dark:text-white">{d.domain}</span>
                <span className={clsx('rounded-full px-2 py-0.5 font-medium text-xs', statusStyles[d.status])}>
                  {t(`custom.status.${d.status}`)}
                </span>
                {d.isDefault && (
                  <span className="rounded-full bg-indigo-100 px-2 py-0.5 font-medium text-indigo-800 text-xs dark:bg-indigo-900/50 dark:text-indigo-200">
                    {t('custom.isDefault')}
                  </span>
                )}
              </div>
              {d.lastError && <p className="mt-2 text-red-700 dark:text-red-300">{d.lastError}</p>}
              {d.lastCheckedAt && (
                <p className="mt-1 text-slate-500 text-xs dark:text-slate-400">
                  {t('custom.checked', {
                    date: `${formatDateEs(d.lastCheckedAt)} ${new Date(d.lastCheckedAt).toLocaleTimeString('es-ES')}`,
                  })}
                </p>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  className={secondary}
                  disabled={actions.verify.isPending}
                  onClick={() =>
                    actions.verify.mutate(d.id, {
                      onSuccess: (r) =>
                        r.domain.status === 'active' ? toast.success(t('custom.verified')) : toast.error(t('custom.notVerified')),
                      onError: (e) => toast.error(errorMessage(e)),
                    })
                  }
                >
                  {actions.verify.isPending && actions.verify.variables === d.id ? t('custom.verifying') : t('custom.verify')}
                </button>
                {!d.isDefault && (
                  <button
                    type="button"
                    className={secondary}
                    onClick={() => actions.makeDefault.mutate(d.id, { onError: (e) => toast.error(errorMessage(e)) })}
                  >
                    {t('custom.makeDefault')}
                  </button>
                )}
                <button
                  type="button"
                  className={clsx(secondary, 'text-red-700 dark:text-red-300')}
                  onClick={() =>
                    actions.remove.mutate(d.id, {
                      onSuccess: () => toast.success(t('custom.removed')),
                      onError: (e) => toast.error(errorMessage(e)),
                    })
                  }
                >
                  {t('custom.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DnsTab(props: { site: Site; domains: CustomDomain[]; serverIp: string; sitesDomain: string }) {
  const { t } = useTranslation('domains');
  const sitesHost = props.sitesDomain.replace(/:\d+$/, '');
  const general: DnsRecord[] = [
    { type: 'A', name: '@', value: props.serverIp },
    { type: 'CNAME', name: 'www', value: `${props.site.slug}.${sitesHost}` },
  ];
  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-700 dark:text-slate-200">{t('dns.intro')}</p>
      {props.domains.length === 0 ? (
        <>
          <p className="text-slate-500 dark:text-slate-400">{t('dns.general')}</p>
          <RecordsTable records={general} />
        </>
      ) : (
        props.domains.map((d) => (
          <div key={d.id}>
            <h3 className="mb-2 font-mono font-semibold text-slate-900 dark:text-white">{d.domain}</h3>
            <RecordsTable records={d.records} />
          </div>
        ))
      )}
      <p className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">{t('dns.propagation')}</p>
    </div>
  );
}

function RecordsTable({ records }: { records: DnsRecord[] }) {
  const { t } = useTranslation('domains');
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('dns.type')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('dns.name')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('dns.value')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {records.map((r) => (
            <tr key={`${r.type}-${r.name}`} data-testid="dns-record">
              <td className="px-3 py-2 font-mono font-semibold text-slate-900 dark:text-white">{r.type}</td>
              <td className="px-3 py-2">
                <CopyValue value={r.name} />
              </td>
              <td className="px-3 py-2">
                <CopyValue value={r.value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A value with a copy button that confirms for 2 seconds. */
function CopyValue({ value }: { value: string }) {
  const { t } = useTranslation('domains');
  return (
    <span className="flex items-center gap-2">
      <code className="break-all text-slate-800 text-xs dark:text-slate-200">{value}</code>
      <CopyButton value={value} label={t('dns.copy')} copiedLabel={t('dns.copied')} />
    </span>
  );
}
