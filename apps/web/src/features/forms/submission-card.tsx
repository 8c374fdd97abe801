import { fieldValueText, type Submission } from '@div/shared/forms';
import { clsx } from 'clsx';
import { Lock, Mail, MailOpen, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import './locale';

const button =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-2.5 py-1.5 font-medium text-slate-700 text-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';
const badge = 'rounded-full px-2 py-0.5 font-semibold text-xs';
/** Field names shown by their label in the interface's language; any other shows as the form sent it. */
const knownFields = new Set(['name', 'email', 'message', 'phone', 'tel', 'subject']);

/** One submission: form, page, time, its fields and what the reader can do with it. */
export function SubmissionCard({
  submission: s,
  busy,
  onChange,
  onDelete,
}: {
  submission: Submission;
  busy: boolean;
  onChange: (change: { read?: boolean; spam?: boolean }) => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('forms');
  const locale = i18n.language === 'en' ? 'en-GB' : 'es-ES';
  const time = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(s.createdAt));
  const headingId = `submission-${s.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        data-testid="submission"
        data-read={s.read}
        className={clsx(
          'rounded-xl border bg-white p-4 shadow-sm dark:bg-slate-900',
          s.read || s.spam ? 'border-slate-200 dark:border-slate-800' : 'border-indigo-300 dark:border-indigo-700',
        )}
      >
        <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h3 id={headingId} className="font-semibold text-slate-900 dark:text-white">
            {t('form', { name: s.formName })}
          </h3>
          <span className="text-slate-600 text-sm dark:text-slate-300">
            {isHomePage(s.page) ? t('onHome') : t('onPage', { page: s.page })}
          </span>
          <time dateTime={s.createdAt} className="text-slate-600 text-sm dark:text-slate-300">
            {time}
          </time>
          {!s.read && !s.spam && (
            <span className={clsx(badge, 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200')}>
              {t('new')}
            </span>
          )}
          {s.test && (
            <span className={clsx(badge, 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200')}>{t('test')}</span>
          )}
          {s.spam && (
            <span className={clsx(badge, 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200')}>
              {t('spamBecause', { reason: s.spamReason ? t(`reasons.${s.spamReason}`, { defaultValue: s.spamReason }) : '—' })}
            </span>
          )}
        </header>
        {s.locked ? (
          <p className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 text-amber-900 text-sm dark:bg-amber-950/40 dark:text-amber-100">
            <Lock className="size-4" aria-hidden />
            {t('locked')}
            <Link to={paths.pricing} className="font-semibold underline">
              {t('upgrade')}
            </Link>
          </p>
        ) : (
          <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
            {s.fields.map((field) => (
              <div key={field.name} className="contents">
                <dt className="font-medium text-slate-600 dark:text-slate-300" title={field.name}>
                  {field.label ?? (knownFields.has(field.name) ? t(`fieldNames.${field.name}`) : field.name)}
                </dt>
                <dd className="whitespace-pre-wrap break-words text-slate-900 dark:text-slate-100">
                  {fieldValueText(field.value, locale)}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {s.email && !s.locked && (
            <a href={`mailto:${s.email}`} className={button}>
              <Mail className="size-3.5" aria-hidden />
              {t('reply', { email: s.email })}
            </a>
          )}
          {!s.spam && (
            <button type="button" className={button} disabled={busy} onClick={() => onChange({ read: !s.read })}>
              <MailOpen className="size-3.5" aria-hidden />
              {s.read ? t('markUnread') : t('markRead')}
            </button>
          )}
          <button type="button" className={button} disabled={busy} onClick={() => onChange({ spam: !s.spam })}>
            {s.spam ? <ShieldCheck className="size-3.5" aria-hidden /> : <ShieldAlert className="size-3.5" aria-hidden />}
            {s.spam ? t('notSpam') : t('isSpam')}
          </button>
          <button
            type="button"
            className={clsx(
              button,
              'border-red-300 text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950/40',
            )}
            disabled={busy}
            aria-label={t('deleteOf', { time })}
            onClick={onDelete}
          >
            <Trash2 className="size-3.5" aria-hidden />
            {t('delete')}
          </button>
        </div>
      </article>
    </li>
  );
}

/** The site's home page ("/", "/index.html"): said in words rather than as a bare slash. */
function isHomePage(page: string): boolean {
  return /^\/?(index\.html?)?$/i.test(page.trim());
}
