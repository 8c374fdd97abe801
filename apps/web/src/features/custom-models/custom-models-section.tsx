import {
  CUSTOM_API_KEY_MAX,
  CUSTOM_BASE_URL_MAX,
  CUSTOM_ENDPOINT_NAME_MAX,
  type CustomEndpoint,
  type TestCustomEndpointResponse,
} from '@div/shared/custom-models';
import { planAllowsModel } from '@div/shared/models';
import { type PlanId, planOf } from '@div/shared/plans';
import { clsx } from 'clsx';
import { Cpu, Lock, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useCustomEndpoints, useDeleteCustomEndpoint, useSaveCustomEndpoint, useTestCustomEndpoint } from './api';
import './locale';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
const input =
  'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500/40 dark:border-slate-700 dark:bg-slate-950 dark:text-white';
const secondary = clsx(
  'rounded-lg border border-slate-300 px-3 py-1.5 font-medium text-slate-700 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
  focusRing,
);
const primary = clsx(
  'inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 font-medium text-sm text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50',
  focusRing,
);

/** Settings section (Pro): the person's own OpenAI-compatible endpoints; others see it locked. */
export function CustomModelsSection({ plan }: { plan: string }) {
  const { t } = useTranslation('custom-models');
  const allowed = planAllowsModel(planOf(plan).id as PlanId, { tier: 'custom' });
  const endpoints = useCustomEndpoints(allowed);
  // null: no form; 'new': the add form; an endpoint: its edit form.
  const [editing, setEditing] = useState<CustomEndpoint | 'new' | null>(null);

  return (
    <section
      aria-labelledby="custom-models-title"
      data-testid="custom-models"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="custom-models-title" className="flex items-center gap-2 font-semibold text-lg text-slate-900 dark:text-white">
        <Cpu aria-hidden className="size-5 text-indigo-500" />
        {t('title')}
      </h2>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t('intro')}</p>

      {!allowed ? (
        <p className="mt-4 flex flex-wrap items-center gap-2 rounded-xl bg-slate-50 p-4 text-slate-700 text-sm dark:bg-slate-800/60 dark:text-slate-200">
          <Lock aria-hidden className="size-4 text-amber-600" />
          {t('lockedText')}
          <Link
            to={paths.pricing}
            className={clsx('font-medium text-indigo-600 hover:underline dark:text-indigo-400', focusRing)}
          >
            {t('lockedLink')}
          </Link>
        </p>
      ) : (
        <>
          <div className="mt-5">
            {endpoints.isError ? (
              <div role="alert" className="flex items-center gap-3 text-red-700 text-sm dark:text-red-300">
                {t('loadError')}
                <button type="button" onClick={() => endpoints.refetch()} className={clsx('underline', focusRing)}>
                  {t('retry')}
                </button>
              </div>
            ) : !endpoints.data ? (
              <p className="text-slate-500 text-sm dark:text-slate-400">{t('loading')}</p>
            ) : endpoints.data.endpoints.length === 0 ? (
              <p className="text-slate-500 text-sm dark:text-slate-400">{t('empty')}</p>
            ) : (
              <ul
                aria-label={t('listLabel')}
                className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
              >
                {endpoints.data.endpoints.map((endpoint) => (
                  <EndpointRow key={endpoint.id} endpoint={endpoint} onEdit={() => setEditing(endpoint)} />
                ))}
              </ul>
            )}
          </div>
          {editing ? (
            <EndpointForm
              key={editing === 'new' ? 'new' : editing.id}
              endpoint={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          ) : (
            <button type="button" onClick={() => setEditing('new')} className={clsx(primary, 'mt-4')}>
              <Plus aria-hidden className="size-4" />
              {t('add')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

const splitModels = (text: string) =>
  text
    .split(/[,\n]/)
    .map((m) => m.trim())
    .filter(Boolean);

function EndpointForm({ endpoint, onDone }: { endpoint: CustomEndpoint | null; onDone: () => void }) {
  const { t } = useTranslation('custom-models');
  const save = useSaveCustomEndpoint();
  const [name, setName] = useState(endpoint?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(endpoint?.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [models, setModels] = useState(endpoint?.models.join(', ') ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body = { name, baseUrl, models: splitModels(models), ...(apiKey.trim() || !endpoint ? { apiKey } : {}) };
    try {
      await save.mutateAsync({ id: endpoint?.id ?? null, body });
      toast.success(t('saved'));
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="mt-4 space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id={`${id}-title`} className="font-medium text-slate-900 dark:text-white">
        {endpoint ? t('formEditTitle', { name: endpoint.name }) : t('formAddTitle')}
      </h3>
      <div>
        <label htmlFor={`${id}-name`} className="block font-medium text-slate-700 text-sm dark:text-slate-200">
          {t('name')}
        </label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={CUSTOM_ENDPOINT_NAME_MAX}
          required
          placeholder={t('namePlaceholder')}
          className={input}
        />
      </div>
      <div>
        <label htmlFor={`${id}-url`} className="block font-medium text-slate-700 text-sm dark:text-slate-200">
          {t('baseUrl')}
        </label>
        <input
          id={`${id}-url`}
          type="url"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          maxLength={CUSTOM_BASE_URL_MAX}
          required
          placeholder={t('baseUrlPlaceholder')}
          className={input}
        />
      </div>
      <div>
        <label htmlFor={`${id}-key`} className="block font-medium text-slate-700 text-sm dark:text-slate-200">
          {t('apiKey')}
        </label>
        <input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          maxLength={CUSTOM_API_KEY_MAX}
          required={!endpoint}
          aria-describedby={`${id}-key-note`}
          className={input}
        />
        <p id={`${id}-key-note`} className="mt-1 text-slate-500 text-xs dark:text-slate-400">
          {endpoint ? t('apiKeyKeep', { last4: endpoint.apiKeyLast4 }) : t('apiKeyNote')}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-models`} className="block font-medium text-slate-700 text-sm dark:text-slate-200">
          {t('models')}
        </label>
        <input
          id={`${id}-models`}
          value={models}
          onChange={(e) => setModels(e.target.value)}
          required
          placeholder={t('modelsPlaceholder')}
          aria-describedby={`${id}-models-hint`}
          className={input}
        />
        <p id={`${id}-models-hint`} className="mt-1 text-slate-500 text-xs dark:text-slate-400">
          {t('modelsHint')}
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex gap-3">
        <button type="submit" disabled={save.isPending} className={primary}>
          {save.isPending ? t('saving') : t('save')}
        </button>
        <button type="button" onClick={onDone} className={secondary}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

function EndpointRow({ endpoint, onEdit }: { endpoint: CustomEndpoint; onEdit: () => void }) {
  const { t } = useTranslation('custom-models');
  const test = useTestCustomEndpoint();
  const remove = useDeleteCustomEndpoint();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<TestCustomEndpointResponse | { ok: false; message: string } | null>(null);

  const runTest = async () => {
    setResult(null);
    try {
      setResult(await test.mutateAsync(endpoint.id));
    } catch (e) {
      setResult({ ok: false, message: e instanceof Error ? e.message : String(e) });
    }
  };
  const confirm = async () => {
    try {
      await remove.mutateAsync(endpoint.id);
      toast.success(t('removed'));
      setOpen(false);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <li className="px-4 py-3" data-testid="custom-endpoint-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900 dark:text-white">{endpoint.name}</span>
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700 text-xs dark:bg-slate-800 dark:text-slate-300">
              {t('keyMasked', { last4: endpoint.apiKeyLast4 })}
            </code>
          </p>
          <p className="mt-1 break-all text-slate-500 text-xs dark:text-slate-400">{endpoint.baseUrl}</p>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('models')}>
            {endpoint.models.map((model) => (
              <li
                key={model}
                className="rounded-full bg-indigo-50 px-2 py-0.5 font-mono text-indigo-800 text-xs dark:bg-indigo-950/60 dark:text-indigo-200"
              >
                {model}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={runTest}
            disabled={test.isPending}
            aria-label={t('testLabel', { name: endpoint.name })}
            className={secondary}
          >
            {test.isPending ? t('testing') : t('test')}
          </button>
          <button type="button" onClick={onEdit} aria-label={t('editLabel', { name: endpoint.name })} className={secondary}>
            {t('edit')}
          </button>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            triggerLabel={t('remove')}
            triggerAriaLabel={t('removeLabel', { name: endpoint.name })}
            title={t('confirmTitle', { name: endpoint.name })}
            description={t('confirmText')}
            cancelLabel={t('cancel')}
            confirmLabel={t('confirm')}
            onConfirm={confirm}
            pending={remove.isPending}
          />
        </div>
      </div>
      {result ? (
        <p
          role="status"
          data-testid="custom-endpoint-test"
          className={clsx(
            'mt-2 rounded-lg px-3 py-2 text-sm',
            result.ok
              ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200'
              : 'bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-200',
          )}
        >
          {result.message}
        </p>
      ) : null}
    </li>
  );
}
