import type { SpaceDetailResponse } from '@div/shared/spaces';
import { ArrowLeft, Download } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { SharedBadge } from './access-badges';
import type { FileSession } from './files/use-file-session';
import type { useLiveSpace } from './live-slot';
import { PublishControl } from './publish/publish-control';
import { SaveIndicator } from './save-indicator';
import { SpaceTitle } from './space-title';

// Who else is here: shown once the shared document is up (issue 25).
const PresenceAvatars = lazy(() =>
  import('../collaboration/live/presence').then((module) => ({ default: module.PresenceAvatars })),
);

type Live = ReturnType<typeof useLiveSpace>;

/** The editor's top bar: back, the project's name, who is here, saving, publishing and export. */
export function EditorHeader({
  spaceId,
  detail,
  session,
  live,
  onPublish,
  onExport,
  checks,
  profile,
}: {
  spaceId: string;
  detail: SpaceDetailResponse;
  session: FileSession;
  live: Live;
  /** Publishes, through the pre-publish check (issue 40) where it asks first. */
  onPublish: () => void | Promise<void>;
  onExport: () => void;
  /** The Revisión score button, beside "Publicar". */
  checks?: ReactNode;
  /** "Lo que entendí" (issue 37), once the first generation wrote it. */
  profile?: ReactNode;
}) {
  const { t } = useTranslation('editor');
  const { access } = detail;
  const canEdit = access.role !== 'viewer';
  return (
    <header className="flex shrink-0 flex-wrap items-center gap-2 border-b md:flex-nowrap border-gray-200 px-2 py-2 sm:gap-3 sm:px-4 dark:border-gray-800">
      <Link
        to={paths.spaces}
        aria-label={t('back')}
        title={t('back')}
        className="rounded-md p-1.5 text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
      >
        <ArrowLeft className="size-4" aria-hidden />
      </Link>
      <SpaceTitle spaceId={spaceId} detail={detail} />
      {detail.space.remixedFrom && (
        <span className="hidden truncate text-xs text-gray-600 sm:inline dark:text-gray-400" data-testid="remixed-from">
          {t('remixedFrom', { name: detail.space.remixedFrom.name })}
        </span>
      )}
      <SharedBadge access={access} />
      {canEdit && <SaveIndicator status={session.status} />}
      {live.live && (
        <Suspense fallback={null}>
          <PresenceAvatars peers={live.snapshot.peers} status={live.snapshot.status} />
        </Suspense>
      )}
      <PublishControl spaceId={spaceId} canEdit={canEdit} revision={session.revision()} onPublish={onPublish} />
      <button
        type="button"
        hidden={!canEdit}
        onClick={onExport}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800"
      >
        <Download className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t('export')}</span>
        <span className="sr-only sm:hidden">{t('export')}</span>
      </button>
      {profile}
      {checks}
    </header>
  );
}
