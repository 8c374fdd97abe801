import type { SharedSpace } from '@div/shared/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderOpen, LogOut, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar';
import { type CardAction, ProjectCard } from '../../components/project-card/project-card';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { leaveSpace, listSharedSpaces } from './api';
import './locale';

export const sharedSpacesQueryKey = ['shared-spaces'] as const;

/**
 * "Compartidos conmigo" on /spaces: the spaces others shared with the signed-in person, each with its
 * owner and the person's role. Self-contained: nothing shows until there is one.
 */
export function SharedWithMe() {
  const { t } = useTranslation('collaboration');
  const shared = useQuery({ queryKey: sharedSpacesQueryKey, queryFn: listSharedSpaces, retry: false });
  const spaces = shared.data?.spaces ?? [];
  if (spaces.length === 0) return null;
  return (
    <section aria-labelledby="shared-with-me" className="mt-12">
      <h2 id="shared-with-me" className="mb-4 flex items-center gap-2 text-xl font-semibold text-gray-900 dark:text-gray-100">
        <Users className="size-5" aria-hidden />
        {t('shared.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {spaces.map((space) => (
          <SharedCard key={space.id} space={space} />
        ))}
      </ul>
    </section>
  );
}

/** A shared space's card (ADR 0187): 'Abrir' and 'Salir del proyecto'; only its owner may delete it. */
function SharedCard({ space }: { space: SharedSpace }) {
  const { t } = useTranslation('collaboration');
  const { t: card } = useTranslation('projectCard');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = async () => {
    try {
      await leaveSpace(space.id);
      toast.success(t('members.left'));
      await queryClient.invalidateQueries({ queryKey: sharedSpacesQueryKey });
    } catch {
      toast.error(t('shared.leaveError'));
    }
  };
  const actions: CardAction[] = [
    { id: 'open', label: card('open'), icon: FolderOpen, onSelect: () => navigate(paths.space(space.id)) },
    { id: 'leave', label: t('members.leave'), icon: LogOut, onSelect: () => void leave(), danger: true },
  ];
  return (
    <ProjectCard space={space} to={paths.space(space.id)} testId="shared-space-card" actions={actions}>
      <span className="mt-1 flex items-center gap-2 text-gray-700 text-sm dark:text-gray-300">
        <Avatar src={space.owner.picture} name={space.owner.name} size="sm" />
        <span className="min-w-0 flex-1 truncate">{t('shared.by', { owner: space.owner.name })}</span>
        <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-800 text-xs dark:bg-indigo-950 dark:text-indigo-200">
          {t(`members.roles.${space.role}`)}
        </span>
      </span>
    </ProjectCard>
  );
}
