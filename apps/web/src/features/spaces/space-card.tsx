import type { SpaceSummary } from '@div/shared/spaces';
import { FolderCode, Inbox, Trash2 } from 'lucide-react';
import { AlertDialog, ContextMenu } from 'radix-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../app/paths';
import { useTranslation } from '../../lib/i18n';
import { useDeleteSpace } from './api/delete-space';
import { formatCreatedAt } from './format';
import { useAuthRedirect } from './use-auth-redirect';

/** One project: click opens it; right-click opens a menu with 'Formularios' and 'Eliminar proyecto' (confirmed). */
export function SpaceCard({ space }: { space: SpaceSummary }) {
  const { t } = useTranslation('spaces');
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSpace();
  const redirect = useAuthRedirect();
  const navigate = useNavigate();

  const confirmDelete = () => {
    remove.mutate(space.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('deleted'));
      },
      onError: (error) => {
        setConfirming(false);
        if (!redirect(error)) toast.error(t('deleteError'));
      },
    });
  };

  return (
    <li>
      <ContextMenu.Root>
        <ContextMenu.Trigger asChild>
          <Link
            to={paths.space(space.id)}
            data-testid="space-card"
            title={t('menuHint')}
            className="group flex h-full flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md dark:border-gray-800 dark:bg-gray-900 dark:hover:border-indigo-700"
          >
            <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
              <FolderCode className="size-5" aria-hidden />
            </span>
            <span className="truncate text-lg font-semibold text-gray-900 dark:text-gray-100">{space.name}</span>
            <span className="text-sm text-gray-600 dark:text-gray-400">{space.description}</span>
            <span className="mt-auto text-xs text-gray-600 dark:text-gray-400">
              {t('created', { date: formatCreatedAt(space.createdAt) })}
            </span>
          </Link>
        </ContextMenu.Trigger>
        <ContextMenu.Portal>
          <ContextMenu.Content className="z-50 min-w-48 rounded-lg border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900">
            <ContextMenu.Item
              onSelect={() => navigate(paths.spaceForms(space.id))}
              className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-gray-100 dark:text-gray-200 dark:data-[highlighted]:bg-gray-800"
            >
              <Inbox className="size-4" aria-hidden />
              {t('forms')}
            </ContextMenu.Item>
            <ContextMenu.Item
              onSelect={() => setConfirming(true)}
              className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-red-600 outline-none data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-950"
            >
              <Trash2 className="size-4" aria-hidden />
              {t('delete')}
            </ContextMenu.Item>
          </ContextMenu.Content>
        </ContextMenu.Portal>
      </ContextMenu.Root>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl dark:bg-gray-900">
            <AlertDialog.Title className="text-lg font-semibold text-gray-900 dark:text-gray-100">
              {t('deleteTitle', { name: space.name })}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-gray-600 dark:text-gray-400">
              {t('deleteBody')}
            </AlertDialog.Description>
            <div className="mt-6 flex justify-end gap-2">
              <AlertDialog.Cancel className="rounded-lg px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800">
                {t('cancel')}
              </AlertDialog.Cancel>
              <button
                type="button"
                onClick={confirmDelete}
                disabled={remove.isPending}
                className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-500 disabled:opacity-50"
              >
                {t('confirmDelete')}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </li>
  );
}
