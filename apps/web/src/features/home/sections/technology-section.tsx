import { Braces, Cpu, ShieldCheck, Terminal } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import '../locale';

const items = [
  { key: 'web', Icon: Braces },
  { key: 'ai', Icon: Cpu },
  { key: 'preview', Icon: ShieldCheck },
  { key: 'api', Icon: Terminal },
] as const;

/** Marketing claims of spec section 1 (text only). */
const stats = [
  { value: '10K+', key: 'sites' },
  { value: '99.9%', key: 'uptime' },
  { value: '<30s', key: 'deploy' },
] as const;

/** Lazy home section: the technology and the platform's figures. */
export default function TechnologySection() {
  const { t } = useTranslation('home');
  return (
    <section id="technology" aria-labelledby="technology-title" className="bg-slate-900 py-20 text-white dark:bg-slate-900/60">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <h2 id="technology-title" className="font-bold text-3xl tracking-tight sm:text-4xl">
              {t('technology.title')}
            </h2>
            <p className="mt-4 text-lg text-slate-300">{t('technology.subtitle')}</p>
            <ul className="mt-8 grid gap-4 sm:grid-cols-2">
              {items.map(({ key, Icon }) => (
                <li key={key} className="flex items-center gap-3 rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-indigo-300" />
                  <span className="text-slate-100 text-sm">{t(`technology.items.${key}`)}</span>
                </li>
              ))}
            </ul>
          </div>
          <dl className="grid content-center gap-6 sm:grid-cols-3 lg:grid-cols-1">
            {stats.map((stat) => (
              <div key={stat.key} className="flex flex-col-reverse rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
                <dt className="text-slate-300">{t(`technology.stats.${stat.key}`)}</dt>
                <dd className="font-extrabold text-4xl text-indigo-300">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
