import { clsx } from 'clsx';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from '../lib/i18n';
import { type Theme, useTheme } from '../lib/theme';
import './shell-locale';

const options: { value: Theme; Icon: typeof Sun }[] = [
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
  { value: 'system', Icon: Monitor },
];

/** Light / dark / system, stored locally (spec section 4, Theme). */
export function ThemeSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const [theme, setTheme] = useTheme();
  return (
    <div
      role="group"
      aria-label={t('theme.label')}
      className={clsx(
        'inline-flex items-center gap-0.5 rounded-full border border-slate-200 bg-slate-50 p-0.5 dark:border-slate-700 dark:bg-slate-900',
        className,
      )}
    >
      {options.map(({ value, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={theme === value}
          title={t(`theme.${value}`)}
          onClick={() => setTheme(value)}
          className={clsx(
            'inline-flex size-7 items-center justify-center rounded-full transition-colors',
            theme === value
              ? 'bg-white text-indigo-600 shadow-sm dark:bg-slate-700 dark:text-indigo-300'
              : 'text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          <span className="sr-only">{t(`theme.${value}`)}</span>
        </button>
      ))}
    </div>
  );
}
