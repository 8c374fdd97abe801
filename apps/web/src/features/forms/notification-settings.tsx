import type { FormSettings, TestSendResult } from '@div/shared/forms';
import { notifyModes } from '@div/shared/forms';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Copy, Eye, EyeOff, Send } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadingMessage } from '../../components/loading-message';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { formSettingsKey, testSend, updateFormSettings, useFormSettings } from './api';
import './locale';
import { NotifyEmailStatus } from './notify-email-status';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2';
const input = clsx(
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-white',
  focusRing,
);
const secondary = clsx(
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 font-medium text-slate-700 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
  focusRing,
);
const retentionChoices = [1, 3, 6, 12, 24, 36, 60];

/** Where notices of the space's submissions go (the owner's only): email, digest or none, a signed webhook, retention. */
export function NotificationSettings({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation('forms');
  const settings = useFormSettings(spaceId, true);
  return (
    <section
      aria-labelledby="notify-title"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="notify-title" className="font-semibold text-lg text-slate-900 dark:text-white">
        {t('settings.title')}
      </h2>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t('settings.description')}</p>
      {settings.data ? (
        <SettingsForm spaceId={spaceId} saved={settings.data} />
      ) : settings.isError ? (
        <p role="alert" className="mt-4 text-red-700 dark:text-red-300">
          {settings.error.message}
        </p>
      ) : (
        <LoadingMessage message={t('loading')} />
      )}
    </section>
  );
}

function SettingsForm({ spaceId, saved }: { spaceId: string; saved: FormSettings }) {
  const { t } = useTranslation('forms');
  const queryClient = useQueryClient();
  const [notify, setNotify] = useState(saved.notify);
  const [notifyEmail, setNotifyEmail] = useState(saved.notifyEmail ?? '');
  const [webhookUrl, setWebhookUrl] = useState(saved.webhookUrl ?? '');
  const [retention, setRetention] = useState(saved.retentionMonths);
  const [saving, setSaving] = useState(false);
  const [showSecret, setShowSecret] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [testing, setTesting] = useState<'email' | 'webhook' | null>(null);
  const [result, setResult] = useState<(TestSendResult & { channel: 'email' | 'webhook' }) | null>(null);

  useEffect(() => {
    setNotify(saved.notify);
    setNotifyEmail(saved.notifyEmail ?? '');
    setWebhookUrl(saved.webhookUrl ?? '');
    setRetention(saved.retentionMonths);
  }, [saved]);

  const apply = async (change: Parameters<typeof updateFormSettings>[1]) => {
    const next = await updateFormSettings(spaceId, change);
    queryClient.setQueryData(formSettingsKey(spaceId), next);
    return next;
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const next = await apply({
        notify,
        notifyEmail: notifyEmail.trim() || null,
        webhookUrl: webhookUrl.trim() || null,
        retentionMonths: retention,
      });
      const asked = next.notifyEmailStatus === 'pending' && next.notifyEmail !== saved.notifyEmail;
      toast.success(
        t('settings.saved'),
        asked ? { description: t('settings.confirmationSent', { email: next.notifyEmail }) } : {},
      );
    } catch (error) {
      toast.error(t('settings.saveError'), { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(false);
    }
  };
  const rotate = async () => {
    setRotating(true);
    try {
      await apply({ rotateSecret: true });
      setShowSecret(true);
      setConfirmRotate(false);
      toast.success(t('settings.rotated'));
    } catch (error) {
      toast.error(t('actionError'), { description: error instanceof Error ? error.message : undefined });
    } finally {
      setRotating(false);
    }
  };
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(saved.webhookSecret);
      toast.success(t('settings.copied'));
    } catch {
      setShowSecret(true);
    }
  };
  const runTest = async (channel: 'email' | 'webhook') => {
    setTesting(channel);
    setResult(null);
    try {
      setResult({ channel, ...(await testSend(spaceId, channel)) });
    } catch (error) {
      setResult({ channel, ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setTesting(null);
    }
  };
  const unsavedUrl = (webhookUrl.trim() || null) !== saved.webhookUrl;

  return (
    <form onSubmit={save} className="mt-5 flex flex-col gap-6">
      <fieldset>
        <legend className="font-medium text-slate-900 dark:text-white">{t('settings.email')}</legend>
        <div className="mt-2 flex flex-col gap-2">
          {notifyModes.map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-slate-700 text-sm dark:text-slate-200">
              <input
                type="radio"
                name="notify"
                value={mode}
                checked={notify === mode}
                onChange={() => setNotify(mode)}
                className="size-4 accent-indigo-600"
              />
              {t(`settings.${mode}`)}
            </label>
          ))}
        </div>
        <label className="mt-4 flex flex-col gap-1 text-slate-700 text-sm dark:text-slate-200">
          {t('settings.notifyEmail')}
          <input
            type="email"
            value={notifyEmail}
            onChange={(event) => setNotifyEmail(event.target.value)}
            aria-describedby="notify-email-hint"
            className={input}
            autoComplete="email"
          />
          <span id="notify-email-hint" className="text-slate-600 text-xs dark:text-slate-400">
            {t('settings.notifyEmailHint')}
          </span>
        </label>
        <NotifyEmailStatus spaceId={spaceId} saved={saved} buttonClass={secondary} />
        <button type="button" className={clsx(secondary, 'mt-3')} disabled={testing !== null} onClick={() => runTest('email')}>
          <Send className="size-4" aria-hidden />
          {testing === 'email' ? t('settings.testing') : t('settings.testEmail')}
        </button>
      </fieldset>

      <fieldset>
        <legend className="font-medium text-slate-900 dark:text-white">{t('settings.webhook')}</legend>
        <label className="mt-2 flex flex-col gap-1 text-slate-700 text-sm dark:text-slate-200">
          {t('settings.webhookUrl')}
          <input
            type="url"
            value={webhookUrl}
            onChange={(event) => setWebhookUrl(event.target.value)}
            placeholder="https://"
            aria-describedby="webhook-hint"
            className={input}
          />
          <span id="webhook-hint" className="text-slate-600 text-xs dark:text-slate-400">
            {t('settings.webhookHint')}
          </span>
        </label>
        <div className="mt-3 flex flex-col gap-1 text-slate-700 text-sm dark:text-slate-200">
          <span>{t('settings.secret')}</span>
          <div className="flex flex-wrap items-center gap-2">
            <code
              data-testid="webhook-secret"
              className="rounded-md bg-slate-100 px-2 py-1 font-mono text-slate-900 text-xs dark:bg-slate-800 dark:text-slate-100"
            >
              {showSecret ? saved.webhookSecret : `whsec_${'•'.repeat(16)}`}
            </code>
            <button type="button" className={secondary} onClick={() => setShowSecret((v) => !v)} aria-pressed={showSecret}>
              {showSecret ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
              {showSecret ? t('settings.hide') : t('settings.show')}
            </button>
            <button type="button" className={secondary} onClick={copySecret}>
              <Copy className="size-4" aria-hidden />
              {t('settings.copy')}
            </button>
            <ConfirmDialog
              open={confirmRotate}
              onOpenChange={setConfirmRotate}
              triggerLabel={t('settings.rotate')}
              title={t('settings.rotateTitle')}
              description={t('settings.rotateText')}
              cancelLabel={t('cancel')}
              confirmLabel={t('settings.rotate')}
              onConfirm={rotate}
              pending={rotating}
            />
          </div>
        </div>
        <button
          type="button"
          className={clsx(secondary, 'mt-3')}
          disabled={testing !== null || unsavedUrl || !saved.webhookUrl}
          aria-describedby={unsavedUrl ? 'webhook-save-first' : undefined}
          onClick={() => runTest('webhook')}
        >
          <Send className="size-4" aria-hidden />
          {testing === 'webhook' ? t('settings.testing') : t('settings.testWebhook')}
        </button>
        {unsavedUrl && (
          <p id="webhook-save-first" className="mt-1 text-slate-600 text-xs dark:text-slate-400">
            {t('settings.saveFirst')}
          </p>
        )}
      </fieldset>

      <div role="status" aria-live="polite" data-testid="test-result">
        {result && (
          <p
            className={clsx(
              'rounded-lg p-3 text-sm',
              result.ok
                ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100'
                : 'bg-red-50 text-red-900 dark:bg-red-950/40 dark:text-red-100',
            )}
          >
            {result.message}
          </p>
        )}
      </div>

      <label className="flex max-w-xs flex-col gap-1 text-slate-700 text-sm dark:text-slate-200">
        {t('settings.retention')}
        <select value={retention} onChange={(event) => setRetention(Number(event.target.value))} className={input}>
          {[...new Set([...retentionChoices, saved.retentionMonths])]
            .sort((a, b) => a - b)
            .map((months) => (
              <option key={months} value={months}>
                {t('settings.months', { count: months })}
              </option>
            ))}
        </select>
      </label>

      <div>
        <button
          type="submit"
          disabled={saving}
          className={clsx(
            'rounded-lg bg-indigo-600 px-4 py-2 font-medium text-sm text-white hover:bg-indigo-700 disabled:opacity-60',
            focusRing,
          )}
        >
          {saving ? t('settings.saving') : t('settings.save')}
        </button>
      </div>
    </form>
  );
}
