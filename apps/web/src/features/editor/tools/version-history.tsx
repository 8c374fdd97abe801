import type { Version } from '@div/shared/spaces';
import { History, RotateCcw } from 'lucide-react';
import { Avatar } from '../../../components/avatar';
import { useTranslation } from '../../../lib/i18n';

/** The editor's history shows this many versions. */
const HISTORY_VISIBLE = 5;

/** The last 5 versions, newest first, each with 'Restaurar'. */
export function VersionHistory({
  versions,
  busyId,
  onRestore,
}: {
  versions: Version[];
  busyId: string | null;
  /** Absent for people who may not restore (viewers of a shared space). */
  onRestore?: ((version: Version) => void) | undefined;
}) {
  const { t, i18n } = useTranslation('editor');
  const shown = versions.slice(0, HISTORY_VISIBLE);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-ES', { dateStyle: 'short', timeStyle: 'short' });
  // A restore says where it came from; the prompt of the version it brought back is its tooltip.
  const label = (version: Version) =>
    version.restoredFrom
      ? t('history.restoredFrom', { date: when(version.restoredFrom.createdAt) })
      : version.prompt || t(`history.source.${version.source}`);
  return (
    <section aria-labelledby="history-title">
      <h3 id="history-title" className="mb-2 flex items-center gap-2 text-sm font-semibold text-gray-900 dark:text-gray-100">
        <History className="size-4" aria-hidden />
        {t('history.title')}
      </h3>
      {shown.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('history.empty')}</p>
      ) : (
        <ol className="divide-y divide-gray-100 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {shown.map((version) => (
            <li key={version.id} data-testid="version-item" className="flex items-center gap-3 px-3 py-2">
              {version.author && (
                <Avatar src={version.author.picture} name={version.author.name} size="sm" className="shrink-0" />
              )}
              <div className="min-w-0 flex-1">
                <p
                  data-testid="version-label"
                  title={version.restoredFrom && version.prompt ? version.prompt : undefined}
                  className="truncate text-sm font-medium text-gray-800 dark:text-gray-200"
                >
                  {label(version)}
                </p>
                <p className="text-xs text-gray-600 dark:text-gray-400">
                  {version.author && (
                    <span data-testid="version-author">{t('history.by', { name: version.author.name })} · </span>
                  )}
                  {when(version.createdAt)}
                </p>
              </div>
              {onRestore && (
                <button
                  type="button"
                  onClick={() => onRestore(version)}
                  disabled={busyId !== null}
                  className="inline-flex items-center gap-1 rounded-md border border-gray-300 px-2 py-1 text-xs font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-gray-800"
                >
                  <RotateCcw className="size-3" aria-hidden />
                  {busyId === version.id ? t('history.restoring') : t('history.restore')}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
