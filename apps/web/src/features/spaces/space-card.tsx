import type { SpaceListItem } from '@div/shared/spaces';
import { FolderOpen, Inbox, Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertDialogContent } from '../../components/dialog-content';
import { type CardAction, ProjectCard } from '../../components/project-card/project-card';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useDeleteSpace } from './api/delete-space';
import { useAuthRedirect } from './use-auth-redirect';

/**
 * One of the person's projects (ADR 0187): the card opens it; its menu button or a right-click
 * offers 'Abrir', 'Formularios' and 'Eliminar proyecto' (confirmed).
 */
export function SpaceCard({ space }: { space: SpaceListItem }) {
  const { t } = useTranslation('spaces');
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSpace();
  const redirect = useAuthRedirect();
  const navigate = useNavigate();
  const item = useRef<HTMLLIElement>(null);
  // Where focus goes when the dialog closes: this card's menu button, or after a delete the next
  // card's (the previous one's if this was the last, the new project's name when none is left).
  const focusAfter = useRef<HTMLElement | null>(null);

  const confirmDelete = () => {
    const next = cardAfterDelete(item.current);
    remove.mutate(space.id, {
      onSuccess: () => {
        focusAfter.current = next;
        setConfirming(false);
        toast.success(t('deleted'));
      },
      onError: (error) => {
        setConfirming(false);
        if (!redirect(error)) toast.error(t('deleteError'));
      },
    });
  };

  const { t: card } = useTranslation('projectCard');
  const actions: CardAction[] = [
    { id: 'open', label: card('open'), icon: FolderOpen, onSelect: () => navigate(paths.space(space.id)) },
    { id: 'forms', label: t('forms'), icon: Inbox, onSelect: () => navigate(paths.spaceForms(space.id)) },
    { id: 'delete', label: t('delete'), icon: Trash2, onSelect: () => setConfirming(true), danger: true },
  ];

  return (
    <>
      <ProjectCard itemRef={item} space={space} to={paths.space(space.id)} testId="space-card" actions={actions} />
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <AlertDialogContent
            onCloseAutoFocus={(event) => {
              const target = focusAfter.current ?? menuButtonOf(item.current);
              focusAfter.current = null;
              if (!target?.isConnected) return;
              event.preventDefault();
              target.focus();
            }}
            className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl dark:bg-gray-900"
          >
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
          </AlertDialogContent>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}

const menuButtonOf = (element: Element | null | undefined) =>
  element?.querySelector<HTMLElement>('[data-testid="card-menu-button"]') ?? null;

/** The control that takes focus once `item` is gone from the list. */
function cardAfterDelete(item: HTMLLIElement | null): HTMLElement | null {
  return (
    menuButtonOf(item?.nextElementSibling) ??
    menuButtonOf(item?.previousElementSibling) ??
    document.querySelector<HTMLElement>('[data-new-project-brief]')
  );
}
