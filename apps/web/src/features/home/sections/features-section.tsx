import { Code2, History, Layers, Rocket, Server, TrendingUp } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import '../locale';

const items = [
  { key: 'backend', Icon: Server },
  { key: 'deploy', Icon: Rocket },
  { key: 'scale', Icon: TrendingUp },
  { key: 'editor', Icon: Code2 },
  { key: 'history', Icon: History },
  { key: 'models', Icon: Layers },
] as const;

/** Lazy home section: the product's features (the footer links here with /#features). */
export default function FeaturesSection() {
  const { t } = useTranslation('home');
  return (
    <section id="features" aria-labelledby="features-title" className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl dark:text-white">
            {t('features.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t('features.subtitle')}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map(({ key, Icon }) => (
            <li
              key={key}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-100 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold text-lg text-slate-900 dark:text-white">{t(`features.items.${key}.title`)}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-400">{t(`features.items.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
