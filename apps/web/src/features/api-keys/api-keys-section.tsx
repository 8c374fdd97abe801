import { API_KEY_NAME_MAX, type ApiKey } from '@div/shared/api-keys';
import { COPY_CONFIRMATION_MS } from '@div/shared/constants';
import { formatDateEs } from '@div/shared/usage-display';
import { clsx } from 'clsx';
import { BookOpen, Check, Copy, KeyRound, Plus, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';
import './locale';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

/** Settings section: create a named key (shown once), list keys by prefix and last use, revoke them. */
export function ApiKeysSection() {
  const { t } = useTranslation('api-keys');
  const keys = useApiKeys();
  const [fresh, setFresh] = useState<{ name: string; key: string } | null>(null);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // Reached through its anchor (the settings load first): shown, with the new key's name focused.
  // The sections above load their own data after this one renders (the domains list alone can be
  // a thousand pixels), so the section is kept in view while the page settles, until the person
  // scrolls or types themselves, or for three seconds at most.
  useEffect(() => {
    const target = section.current;
    if (hash !== `#${paths.apiKeysAnchor}` || !target) return;
    const show = () => target.scrollIntoView({ block: 'start' });
    show();
    target.querySelector('input')?.focus({ preventScroll: true });
    const settle = new ResizeObserver(show);
    settle.observe(document.body);
    const stop = () => {
      settle.disconnect();
      for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop);
    };
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      window.addEventListener(type, stop, { passive: true });
    const timer = setTimeout(stop, 3000);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [hash]);

  return (
    <section
      ref={section}
      id={paths.apiKeysAnchor}
      aria-labelledby="api-keys-title"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="api-keys-title" className="flex items-center gap-2 font-semibold text-lg text-slate-900 dark:text-white">
            <KeyRound aria-hidden className="size-5 text-indigo-500" />
            {t('title')}
          </h2>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t('intro')}</p>
        </div>
        <div className="flex gap-3 text-sm">
          <Link
            to={paths.apiDocs}
            className={clsx(
              'inline-flex items-center gap-1 font-medium text-indigo-600 hover:underline dark:text-indigo-400',
              focusRing,
            )}
          >
            <BookOpen aria-hidden className="size-4" />
            {t('docs')}
          </Link>
          <Link
            to={paths.developers}
            className={clsx('font-medium text-indigo-600 hover:underline dark:text-indigo-400', focusRing)}
          >
            {t('guide')}
          </Link>
        </div>
      </div>

      <CreateKeyForm onCreated={setFresh} />
      {fresh ? <FreshKey name={fresh.name} value={fresh.key} onDismiss={() => setFresh(null)} /> : null}

      <div className="mt-6">
        {keys.isError ? (
          <div role="alert" className="flex items-center gap-3 text-red-700 text-sm dark:text-red-300">
            {t('loadError')}
            <button type="button" onClick={() => keys.refetch()} className={clsx('underline', focusRing)}>
              {t('retry')}
            </button>
          </div>
        ) : !keys.data ? (
          <p className="text-slate-500 text-sm dark:text-slate-400">{t('loading')}</p>
        ) : keys.data.apiKeys.length === 0 ? (
          <p className="text-slate-500 text-sm dark:text-slate-400">{t('empty')}</p>
        ) : (
          <ul
            aria-label={t('listLabel')}
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          >
            {keys.data.apiKeys.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: { name: string; key: string }) => void }) {
  const { t } = useTranslation('api-keys');
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const created = await create.mutateAsync(name);
      onCreated({ name: created.apiKey.name, key: created.key });
      setName('');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <form onSubmit={submit} className="mt-5 flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={inputId} className="block font-medium text-slate-700 text-sm dark:text-slate-200">
          {t('nameLabel')}
        </label>
        <input
          id={inputId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={API_KEY_NAME_MAX}
          required
          placeholder={t('namePlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500/40 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-1 text-red-600 text-sm dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={create.isPending || !name.trim()}
        className={clsx(
          'inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 font-medium text-sm text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50',
          focusRing,
        )}
      >
        <Plus aria-hidden className="size-4" />
        {create.isPending ? t('creating') : t('create')}
      </button>
    </form>
  );
}

function FreshKey({ name, value, onDismiss }: { name: string; value: string; onDismiss: () => void }) {
  const { t } = useTranslation('api-keys');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard refused (insecure origin): the key stays selectable on screen.
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <div
      role="status"
      data-testid="fresh-api-key"
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700/60 dark:bg-amber-950/30"
    >
      <p className="font-semibold text-slate-900 text-sm dark:text-white">{t('createdTitle', { name })}</p>
      <p className="mt-1 flex items-start gap-2 text-amber-800 text-sm dark:text-amber-200">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('createdWarning')}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="flex-1 select-all break-all rounded-lg bg-white px-3 py-2 font-mono text-slate-900 text-xs ring-1 ring-amber-200 dark:bg-slate-950 dark:text-slate-100 dark:ring-amber-800/60">
          {value}
        </code>
        <button
          type="button"
          onClick={copy}
          className={clsx(
            'inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 font-medium text-slate-800 text-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
            focusRing,
          )}
        >
          {copied ? <Check aria-hidden className="size-4 text-emerald-500" /> : <Copy aria-hidden className="size-4" />}
          <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
        </button>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className={clsx('mt-3 font-medium text-indigo-700 text-sm hover:underline dark:text-indigo-300', focusRing)}
      >
        {t('dismiss')}
      </button>
    </div>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('api-keys');
  const revoke = useRevokeApiKey();
  const [open, setOpen] = useState(false);
  const revoked = apiKey.revokedAt !== null;

  const confirm = async () => {
    try {
      await revoke.mutateAsync(apiKey.id);
      toast.success(t('revokedToast'));
      setOpen(false);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="api-key-row">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span
            className={clsx(
              'font-medium',
              revoked ? 'text-slate-500 line-through dark:text-slate-500' : 'text-slate-900 dark:text-white',
            )}
          >
            {apiKey.name}
          </span>
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700 text-xs dark:bg-slate-800 dark:text-slate-300">
            {apiKey.prefix}…
          </code>
          <span
            className={clsx(
              'rounded-full px-2 py-0.5 font-medium text-xs',
              revoked
                ? 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400'
                : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300',
            )}
          >
            {revoked ? t('revoked') : t('active')}
          </span>
        </p>
        <p className="mt-1 text-slate-500 text-xs dark:text-slate-400">
          {t('created', { date: formatDateEs(apiKey.createdAt) })} ·{' '}
          {revoked
            ? t('revokedOn', { date: formatDateEs(apiKey.revokedAt as string) })
            : apiKey.lastUsedAt
              ? t('lastUsed', { date: formatDateTime(apiKey.lastUsedAt) })
              : t('neverUsed')}
        </p>
      </div>
      {revoked ? null : (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          triggerLabel={t('revoke')}
          triggerAriaLabel={t('revokeLabel', { name: apiKey.name })}
          title={t('confirmTitle', { name: apiKey.name })}
          description={t('confirmText')}
          cancelLabel={t('cancel')}
          confirmLabel={t('confirm')}
          onConfirm={confirm}
          pending={revoke.isPending}
        />
      )}
    </li>
  );
}

function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
