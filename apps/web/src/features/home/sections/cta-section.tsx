import { Link } from 'react-router';
import { StartFreeLink } from '../../../components/start-free-link';
import { useTranslation } from '../../../lib/i18n';
import '../locale';

/** Lazy home section: the closing call to action. */
export default function CtaSection() {
  const { t } = useTranslation('home');
  return (
    <section id="cta" aria-labelledby="cta-title" className="py-20">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="rounded-3xl bg-gradient-to-br from-indigo-600 via-violet-600 to-fuchsia-600 px-6 py-14 text-center text-white shadow-xl sm:px-12">
          <h2 id="cta-title" className="font-bold text-3xl tracking-tight sm:text-4xl">
            {t('cta.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-indigo-50 text-lg">{t('cta.subtitle')}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <StartFreeLink className="rounded-xl bg-white px-6 py-3 font-semibold text-indigo-700 shadow hover:bg-indigo-50">
              {t('cta.button')}
            </StartFreeLink>
            <Link
              to="/developers"
              className="rounded-xl px-6 py-3 font-semibold text-white ring-1 ring-white/60 hover:bg-white/10"
            >
              {t('cta.secondary')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
