import type { Version } from '@div/shared/spaces';
import {
  ExternalLink,
  Inbox,
  type LucideIcon,
  Monitor,
  MousePointerClick,
  PencilLine,
  RectangleHorizontal,
  RefreshCw,
  Rocket,
  RotateCcw,
  Share2,
  Smartphone,
  Tablet,
  Tv,
  UserPlus,
  X,
} from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DialogContent } from '../../../components/dialog-content';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useFormsUnread } from '../api/forms';
import { useEditorStore, useEditorUi } from '../editor-store';
import { type Device, deviceNames, devices } from '../preview/devices';
import { VersionHistory } from './version-history';

const deviceIcons: Record<Device, LucideIcon> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  ultrawide: RectangleHorizontal,
  tv: Tv,
};

export interface ToolActions {
  openWindow: () => void;
  reset: () => void;
  refresh: () => void;
  deploy: () => void;
  restore: (version: Version) => void;
  share: () => void;
  invite: () => void;
}

const action =
  'flex flex-col items-center gap-1 rounded-lg border border-gray-200 px-2 py-3 text-xs font-medium text-gray-700 transition hover:border-indigo-300 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-gray-200 disabled:hover:bg-transparent dark:border-gray-700 dark:text-gray-300 dark:hover:border-indigo-700 dark:hover:bg-indigo-950/50';

/** 'Herramientas de vista': devices, actions, Git and the version history. */
export function ToolsModal({
  open,
  onOpenChange,
  actions,
  versions,
  restoringId,
  canEdit = true,
  spaceId,
  git,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  actions: ToolActions;
  versions: Version[];
  restoringId: string | null;
  /** False for a viewer of a shared space: no reset, deploy or restore (the server refuses them too). */
  canEdit?: boolean;
  /** The space, for its forms inbox ("Formularios", owners and editors). */
  spaceId: string;
  /** The "Git" section (features/git, issue 41). */
  git?: ReactNode;
}) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const device = useEditorUi((state) => state.device);
  const inspecting = useEditorUi((state) => state.inspecting);
  const visualEditing = useEditorUi((state) => state.visualEditing);
  const unread = useFormsUnread(spaceId, canEdit && open).data ?? 0;
  const run = (fn: () => void) => () => {
    onOpenChange(false);
    fn();
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogContent className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(34rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl dark:bg-gray-900">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-gray-900 dark:text-gray-100">{t('tools.title')}</Dialog.Title>
            <Dialog.Close
              className="rounded-md p-1 text-gray-500 hover:bg-gray-100 dark:hover:bg-gray-800"
              aria-label={t('close')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('tools.description')}</Dialog.Description>

          <h3 className="mb-2 text-sm font-semibold text-gray-900 dark:text-gray-100">{t('tools.devices')}</h3>
          <div role="radiogroup" aria-label={t('tools.devices')} className="mb-5 grid grid-cols-3 gap-2 sm:grid-cols-5">
            {deviceNames.map((name) => {
              const Icon = deviceIcons[name];
              const size = devices[name];
              return (
                <button
                  key={name}
                  type="button"
                  role="radio"
                  aria-checked={device === name}
                  data-device={name}
                  onClick={() => store.set({ device: name })}
                  className={`${action} ${device === name ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200' : ''}`}
                >
                  <Icon className="size-5" aria-hidden />
                  {t(`device.${name}`)}
                  <span className="text-[10px] font-normal text-gray-600 dark:text-gray-400">
                    {size ? `${size.width}×${size.height}` : '100%'}
                  </span>
                </button>
              );
            })}
          </div>

          <h3 className="mb-2 text-sm font-semibold text-gray-900 dark:text-gray-100">{t('tools.actions')}</h3>
          <div className="mb-5 grid grid-cols-4 gap-2">
            <button type="button" className={action} onClick={run(actions.openWindow)}>
              <ExternalLink className="size-5" aria-hidden />
              {t('tools.openWindow')}
            </button>
            {canEdit && (
              <button type="button" className={action} onClick={run(actions.reset)}>
                <RotateCcw className="size-5" aria-hidden />
                {t('tools.reset')}
              </button>
            )}
            <button type="button" className={action} onClick={run(actions.refresh)}>
              <RefreshCw className="size-5" aria-hidden />
              {t('tools.refresh')}
            </button>
            <button
              type="button"
              aria-pressed={inspecting}
              className={`${action} ${inspecting ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200' : ''}`}
              onClick={run(() => store.set((state) => ({ inspecting: !state.inspecting, visualEditing: false })))}
            >
              <MousePointerClick className="size-5" aria-hidden />
              {t('tools.inspector')}
            </button>
            {canEdit && (
              <button
                type="button"
                aria-pressed={visualEditing}
                className={`${action} ${visualEditing ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200' : ''}`}
                onClick={run(() =>
                  store.set((state) => ({ visualEditing: !state.visualEditing, visualSelection: null, inspecting: false })),
                )}
              >
                <PencilLine className="size-5" aria-hidden />
                {t('tools.visual')}
              </button>
            )}
            {canEdit && (
              <button type="button" className={action} onClick={run(actions.deploy)}>
                <Rocket className="size-5" aria-hidden />
                {t('tools.deploy')}
              </button>
            )}
            {canEdit && (
              <Link
                to={paths.spaceForms(spaceId)}
                className={`${action} relative`}
                data-testid="tools-forms"
                aria-label={unread > 0 ? `${t('tools.forms')} (${t('tools.unread', { count: unread })})` : undefined}
              >
                <Inbox className="size-5" aria-hidden />
                {t('tools.forms')}
                {unread > 0 && (
                  <span
                    aria-hidden
                    className="absolute top-1 right-1 rounded-full bg-indigo-700 px-1.5 font-semibold text-[10px] text-white"
                  >
                    {unread}
                  </span>
                )}
              </Link>
            )}
            <button type="button" className={action} onClick={run(actions.share)}>
              <Share2 className="size-5" aria-hidden />
              {t('tools.share')}
            </button>
            <button type="button" className={action} onClick={run(actions.invite)}>
              <UserPlus className="size-5" aria-hidden />
              {t('tools.invite')}
            </button>
          </div>

          {git}

          <VersionHistory versions={versions} busyId={restoringId} onRestore={canEdit ? actions.restore : undefined} />
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
