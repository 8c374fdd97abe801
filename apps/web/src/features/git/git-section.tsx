import type { GitConflict, GitPullResponse, GitResolution, GitStatus } from '@div/shared/git';
import { useQueryClient } from '@tanstack/react-query';
import { Download, GitBranch, Unplug, Upload } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { connectGit, disconnectGit, gitQueryKey, pullGit, pushGit, resolveGit, useGitStatus } from './api';
import { AutoPushToggle } from './auto-push-toggle';
import { ConflictList } from './conflict-list';
import './locale';

/*
 * The "Git" section of the editor's tools (issue 41): connect a remote (URL, branch, token), see the
 * status, push ("Enviar a Git") and pull ("Traer de Git"). A conflict lists its files; the space is
 * unchanged. The token field is cleared once sent and never filled from the server.
 */

const button =
  'inline-flex items-center gap-1.5 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-800 hover:border-indigo-400 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-600 dark:text-gray-100 dark:hover:bg-indigo-950/50';
const input =
  'mt-1 w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100';

type Busy = 'connect' | 'push' | 'pull' | 'disconnect' | null;

export function GitSection({
  spaceId,
  canEdit,
  open,
  beforeSync,
  onPulled,
  onUnauthorized,
}: {
  spaceId: string;
  canEdit: boolean;
  /** Whether the tools are open (the status is read then). */
  open: boolean;
  /** Saves what is being edited before a push or pull. */
  beforeSync: () => Promise<void>;
  /** A pull made a new version: the editor shows its files. */
  onPulled: (result: GitPullResponse) => void;
  onUnauthorized: () => void;
}) {
  const { t } = useTranslation('git');
  const queryClient = useQueryClient();
  const status = useGitStatus(spaceId, open);
  const [busy, setBusy] = useState<Busy>(null);
  const [conflict, setConflict] = useState<GitConflict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const update = (next: GitStatus) => queryClient.setQueryData(gitQueryKey(spaceId), next);

  async function run<T>(kind: Busy, work: () => Promise<T>): Promise<T | undefined> {
    setBusy(kind);
    setError(null);
    setConflict(null);
    try {
      return await work();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) {
        onUnauthorized();
        return undefined;
      }
      const message = failure instanceof ApiError ? failure.message : t('loadError');
      const body = failure instanceof ApiError ? failure.body : undefined;
      if (body && Array.isArray(body.conflicts)) setConflict({ ...(body as unknown as GitConflict), message });
      else setError(message);
      void queryClient.invalidateQueries({ queryKey: gitQueryKey(spaceId) });
      return undefined;
    } finally {
      setBusy(null);
    }
  }

  const push = () =>
    run('push', async () => {
      await beforeSync();
      const result = await pushGit(spaceId);
      update(result.status);
      toast.success(result.pushed ? t('pushed') : t('nothingToPush'));
    });

  const pull = () =>
    run('pull', async () => {
      await beforeSync();
      const result = await pullGit(spaceId);
      update(result.status);
      if (result.changed) onPulled(result);
      toast.success(result.changed ? t('pulled') : t('nothingToPull'));
    });

  // The choices go with the remote commit and revision the conflict was seen at (ADR 0277); nothing
  // is saved first, as a save would be a revision the conflict never showed.
  const resolve = (seen: GitConflict, resolutions: Record<string, GitResolution>) =>
    run('pull', async () => {
      const result = await resolveGit(spaceId, { remoteCommit: seen.remoteCommit, revision: seen.revision, resolutions });
      update(result.status);
      if (result.changed) onPulled(result);
      toast.success(result.changed ? t('resolvedVersion') : t('resolved'));
    });

  const disconnect = () =>
    run('disconnect', async () => {
      await disconnectGit(spaceId);
      await queryClient.invalidateQueries({ queryKey: gitQueryKey(spaceId) });
    });

  const data = status.data;
  return (
    <section aria-labelledby={headingId} className="mb-5" data-testid="git-section">
      <h3 id={headingId} className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-gray-900 dark:text-gray-100">
        <GitBranch className="size-4" aria-hidden />
        {t('title')}
      </h3>
      {status.isPending && <p className="text-sm text-gray-600 dark:text-gray-300">{t('loading')}</p>}
      {status.isError && <p className="text-sm text-red-700 dark:text-red-300">{t('loadError')}</p>}
      {data && !data.connected && canEdit && (
        <ConnectForm spaceId={spaceId} busy={busy === 'connect'} run={run} onConnected={update} />
      )}
      {data && !data.connected && !canEdit && <p className="text-sm text-gray-600 dark:text-gray-300">{t('viewerNote')}</p>}
      {data?.connected && (
        <div className="space-y-2 text-sm text-gray-700 dark:text-gray-200">
          <p className="break-all">
            <span className="font-medium">{data.url}</span> · {t('branch')}: <span className="font-mono">{data.branch}</span>
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt>{t('lastCommit')}</dt>
            <dd className="font-mono" data-testid="git-last-commit">
              {data.lastSyncedCommit ? data.lastSyncedCommit.slice(0, 10) : t('never')}
            </dd>
          </dl>
          <p data-testid="git-counts">
            {t('ahead', { count: data.ahead })} ·{' '}
            {data.behind === null ? t('behindUnknown') : t('behind', { count: data.behind })}
          </p>
          {data.lastError && !error && !conflict && (
            <p className="text-red-700 dark:text-red-300">
              {t('lastError')}: {data.lastError}
            </p>
          )}
          {!canEdit && data.autoPush && <p>{t('autoPushOn')}</p>}
          {canEdit && <AutoPushToggle spaceId={spaceId} status={data} disabled={busy !== null} onChanged={update} />}
          {canEdit ? (
            <div className="flex flex-wrap gap-2 pt-1">
              <button type="button" className={button} disabled={busy !== null} onClick={() => void push()}>
                <Upload className="size-4" aria-hidden />
                {busy === 'push' ? t('pushing') : t('push')}
              </button>
              <button type="button" className={button} disabled={busy !== null} onClick={() => void pull()}>
                <Download className="size-4" aria-hidden />
                {busy === 'pull' ? t('pulling') : t('pull')}
              </button>
              <button type="button" className={button} disabled={busy !== null} onClick={() => void disconnect()}>
                <Unplug className="size-4" aria-hidden />
                {t('disconnect')}
              </button>
            </div>
          ) : (
            <p className="text-gray-600 dark:text-gray-300">{t('viewerNote')}</p>
          )}
        </div>
      )}
      <div aria-live="polite">
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        {conflict && (
          <ConflictList
            conflicts={conflict.conflicts}
            busy={busy !== null}
            onResolve={(choices) => void resolve(conflict, choices)}
          />
        )}
      </div>
    </section>
  );
}

function ConnectForm({
  spaceId,
  busy,
  run,
  onConnected,
}: {
  spaceId: string;
  busy: boolean;
  run: <T>(kind: Busy, work: () => Promise<T>) => Promise<T | undefined>;
  onConnected: (status: GitStatus) => void;
}) {
  const { t } = useTranslation('git');
  const [url, setUrl] = useState('');
  const [branch, setBranch] = useState('main');
  const [token, setToken] = useState('');
  const ids = { url: useId(), branch: useId(), token: useId(), hint: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('connect', async () => {
      const next = await connectGit(spaceId, { url, branch, token });
      setToken('');
      onConnected(next);
      toast.success(t('connected'));
    });
  };

  return (
    <form onSubmit={submit} className="space-y-2 text-sm text-gray-800 dark:text-gray-100">
      <p className="text-gray-600 dark:text-gray-300">{t('intro')}</p>
      <div>
        <label htmlFor={ids.url}>{t('url')}</label>
        <input
          id={ids.url}
          className={input}
          type="url"
          required
          autoComplete="off"
          placeholder="https://github.com/usuario/sitio.git"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.branch}>{t('branch')}</label>
          <input
            id={ids.branch}
            className={input}
            required
            autoComplete="off"
            value={branch}
            onChange={(e) => setBranch(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.token}>{t('token')}</label>
          <input
            id={ids.token}
            className={input}
            type="password"
            required
            autoComplete="off"
            aria-describedby={ids.hint}
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
        </div>
      </div>
      <p id={ids.hint} className="text-xs text-gray-600 dark:text-gray-300">
        {t('tokenHint')}
      </p>
      <button type="submit" className={button} disabled={busy}>
        {busy ? t('connecting') : t('connect')}
      </button>
    </form>
  );
}
