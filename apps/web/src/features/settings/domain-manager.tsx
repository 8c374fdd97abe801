import { clsx } from 'clsx';
import { Globe, Link2, Server } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';

/**
 * The domain manager's three tabs. The publishing issue replaces this file with the real manager;
 * until then each tab says what it will do.
 */
export function DomainManager() {
  const { t } = useTranslation('settings');
  const tabs = [
    { id: 'subdomain', icon: Globe, label: t('domains.subdomain'), text: t('domains.subdomainText') },
    { id: 'custom', icon: Link2, label: t('domains.custom'), text: t('domains.customText') },
    { id: 'dns', icon: Server, label: t('domains.dns'), text: t('domains.dnsText') },
  ];
  return (
    <Tabs.Root defaultValue="subdomain">
      <Tabs.List aria-label={t('domains.title')} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
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
      {tabs.map(({ id, text }) => (
        <Tabs.Content
          key={id}
          value={id}
          className="mt-4 rounded-lg border border-slate-300 border-dashed p-4 text-sm dark:border-slate-700"
        >
          <p className="text-slate-700 dark:text-slate-200">{text}</p>
          <p className="mt-2 text-slate-500 dark:text-slate-400">{t('domains.soon')}</p>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
