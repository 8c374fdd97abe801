import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useCreateSpace } from './api/create-space';
import { useAuthRedirect } from './use-auth-redirect';

/** Name input and 'Crear proyecto'; Enter submits; disabled while the trimmed name is blank. */
export function CreateSpaceForm() {
  const { t } = useTranslation('spaces');
  const [name, setName] = useState('');
  const inputId = useId();
  const navigate = useNavigate();
  const redirect = useAuthRedirect();
  const create = useCreateSpace();
  const blank = name.trim().length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || create.isPending) return;
    create.mutate(name, {
      onSuccess: ({ space }) => navigate(paths.space(space.id)),
      onError: (error) => {
        if (!redirect(error)) toast.error(t('createError'));
      },
    });
  };

  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700 dark:text-gray-300">
          {t('nameLabel')}
        </label>
        <input
          id={inputId}
          data-new-project-name
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          placeholder={t('namePlaceholder')}
          className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        />
      </div>
      <button
        type="submit"
        disabled={blank || create.isPending}
        className="inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white shadow-sm transition hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Plus className="size-4" aria-hidden />
        {create.isPending ? t('creating') : t('create')}
      </button>
    </form>
  );
}
