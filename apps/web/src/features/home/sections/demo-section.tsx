import { Check, Send } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import '../locale';

/** Lazy home section: a static picture of the prompt-to-site flow. */
export default function DemoSection() {
  const { t } = useTranslation('home');
  const steps = t('demo.steps').split('|');
  return (
    <section id="demo" aria-labelledby="demo-title" className="bg-slate-50 py-20 dark:bg-slate-900/50">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="demo-title" className="font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl dark:text-white">
            {t('demo.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t('demo.subtitle')}</p>
          <ol className="mt-8 space-y-4">
            {steps.map((step, index) => (
              <li key={step} className="flex items-center gap-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-sm text-white">
                  {index + 1}
                </span>
                <span className="font-medium text-slate-800 dark:text-slate-200">{step}</span>
              </li>
            ))}
          </ol>
        </div>
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl dark:border-slate-800 dark:bg-slate-950">
          <div className="flex items-center gap-1.5 border-slate-200 border-b px-4 py-3 dark:border-slate-800">
            <span className="size-3 rounded-full bg-red-400" />
            <span className="size-3 rounded-full bg-amber-400" />
            <span className="size-3 rounded-full bg-emerald-400" />
          </div>
          <div className="space-y-4 p-5">
            <div className="flex items-start gap-3 rounded-xl bg-slate-100 p-3 text-slate-700 text-sm dark:bg-slate-800 dark:text-slate-200">
              <Send aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-500" />
              <p>{t('demo.prompt')}</p>
            </div>
            <div className="rounded-xl bg-gradient-to-br from-amber-100 to-orange-200 p-6 text-amber-950 dark:from-amber-900/60 dark:to-orange-900/60 dark:text-amber-50">
              <p className="font-bold text-2xl">{t('demo.previewTitle')}</p>
              <p className="mt-2 text-sm">{t('demo.previewText')}</p>
              <span className="mt-4 inline-block rounded-lg bg-amber-900 px-4 py-2 font-semibold text-amber-50 text-sm dark:bg-amber-100 dark:text-amber-950">
                {t('demo.previewButton')}
              </span>
            </div>
            <p className="flex items-center gap-2 text-emerald-700 text-sm dark:text-emerald-400">
              <Check aria-hidden="true" className="size-4" /> index.html · style.css · script.js
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
