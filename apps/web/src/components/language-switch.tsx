import { clsx } from 'clsx';
import { type Language, languages, setLanguage, useTranslation } from '../lib/i18n';
import './shell-locale';

/** Spanish (the interface language) or English. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('shell');
  const current: Language = i18n.language === 'en' ? 'en' : 'es';
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={clsx(
        'inline-flex items-center gap-0.5 rounded-full border border-slate-200 bg-slate-50 p-0.5 text-xs font-semibold dark:border-slate-700 dark:bg-slate-900',
        className,
      )}
    >
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          title={t(`language.${language}`)}
          onClick={() => setLanguage(language)}
          className={clsx(
            'rounded-full px-2 py-1 uppercase transition-colors',
            current === language
              ? 'bg-white text-indigo-600 shadow-sm dark:bg-slate-700 dark:text-indigo-300'
              : 'text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
          )}
        >
          <span aria-hidden="true">{language}</span>
          <span className="sr-only">{t(`language.${language}`)}</span>
        </button>
      ))}
    </div>
  );
}
