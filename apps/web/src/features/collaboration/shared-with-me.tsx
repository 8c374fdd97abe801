import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Avatar } from '../../components/avatar';
import { useTranslation } from '../../lib/i18n';
import { listSharedSpaces } from './api';
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
          <li key={space.id}>
            <Link
              to={paths.space(space.id)}
              data-testid="shared-space-card"
              className="flex h-full flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md dark:border-gray-800 dark:bg-gray-900 dark:hover:border-indigo-700"
            >
              <span className="truncate text-lg font-semibold text-gray-900 dark:text-gray-100">{space.name}</span>
              <span className="mt-auto flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
                <Avatar src={space.owner.picture} name={space.owner.name} size="sm" />
                <span className="min-w-0 flex-1 truncate">{t('shared.by', { owner: space.owner.name })}</span>
                <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
                  {t(`members.roles.${space.role}`)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
