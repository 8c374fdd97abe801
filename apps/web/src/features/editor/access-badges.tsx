import type { SpaceAccess } from '@div/shared/spaces';
import { Eye } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';

/** In the header of a space shared with the person: whose it is and their role. */
export function SharedBadge({ access }: { access: SpaceAccess }) {
  const { t } = useTranslation('editor');
  if (access.role === 'owner') return null;
  return (
    <span
      data-testid="shared-badge"
      className="hidden shrink-0 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 md:inline dark:bg-indigo-950 dark:text-indigo-200"
    >
      {t('sharedBy', { name: access.owner.name, role: t(`role.${access.role}`) })}
    </span>
  );
}

/** Where the prompt bar would be, for a viewer: they read, they do not generate. */
export function ReadOnlyBar({ access }: { access: SpaceAccess }) {
  const { t } = useTranslation('editor');
  return (
    <p
      role="note"
      data-testid="read-only-bar"
      className="flex items-center gap-2 border-t border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-700 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300"
    >
      <Eye className="size-4 shrink-0" aria-hidden />
      {t('readOnly', { name: access.owner.name })}
    </p>
  );
}
