import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { StartFreeLink } from '../../components/start-free-link';
import { useTranslation } from '../../lib/i18n';
import { LazySection } from './lazy-section';
import { RotatingTagline } from './rotating-tagline';
import './locale';
import { useDocumentTitle } from '../../lib/document-title';

const loadDemo = () => import('./sections/demo-section');
const loadFeatures = () => import('./sections/features-section');
const loadTechnology = () => import('./sections/technology-section');
const loadCta = () => import('./sections/cta-section');

/** Marketing claims of spec section 1 (text only). */
const heroStats = [
  { value: '10K+', key: 'sites' },
  { value: '99.9%', key: 'uptime' },
  { value: '<30s', key: 'deploy' },
] as const;

export default function HomePage() {
  const { t } = useTranslation('home');
  const taglines = t('hero.taglines').split('|');

  useDocumentTitle(null);

  return (
    <main className="flex-1">
      <style>{'@keyframes tagline-in{from{opacity:0;transform:translateY(6px)}to{opacity:1;transform:none}}'}</style>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="-z-10 pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.18),transparent_60%)] dark:bg-[radial-gradient(ellipse_at_top,rgba(129,140,248,0.22),transparent_60%)]"
        />
        <div className="mx-auto max-w-5xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 sm:pb-28">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 font-medium text-indigo-700 text-xs dark:border-indigo-900 dark:bg-indigo-950/60 dark:text-indigo-300">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {t('hero.badge')}
          </p>
          <h1 className="mt-6 font-extrabold text-4xl text-slate-900 tracking-tight sm:text-6xl dark:text-white">
            {t('hero.title')}
            {/* One fixed-size line, so a new tagline never moves the page below it. */}
            <span className="mt-2 block h-[1.2em] whitespace-nowrap text-[clamp(1.5rem,8vw,3.75rem)] leading-[1.2em]">
              <RotatingTagline taglines={taglines} />
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{t('hero.subtitle')}</p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <StartFreeLink className="inline-flex items-center gap-2 rounded-xl bg-indigo-600 px-6 py-3 font-semibold text-white shadow-indigo-600/30 shadow-lg transition hover:bg-indigo-500">
              {t('hero.cta')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </StartFreeLink>
            <Link
              to="/pricing"
              className="rounded-xl border border-slate-300 px-6 py-3 font-semibold text-slate-700 transition hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              {t('hero.secondary')}
            </Link>
          </div>
          <dl className="mx-auto mt-14 grid max-w-2xl grid-cols-3 gap-4">
            {heroStats.map((stat) => (
              <div key={stat.key} className="flex flex-col-reverse">
                <dt className="text-slate-600 text-xs sm:text-sm dark:text-slate-400">{t(`hero.stats.${stat.key}`)}</dt>
                <dd className="font-bold text-2xl text-slate-900 sm:text-3xl dark:text-white">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <LazySection load={loadDemo} label={t('loadingSection')} minHeight={560} />
      <LazySection load={loadFeatures} label={t('loadingSection')} minHeight={640} />
      <LazySection load={loadTechnology} label={t('loadingSection')} minHeight={420} />
      <LazySection load={loadCta} label={t('loadingSection')} minHeight={320} />
    </main>
  );
}
