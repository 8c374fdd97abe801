import { nameFromBrief } from '@div/shared/space-name';
import { Sparkles } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useCreateSpace } from './api/create-space';
import { useAuthRedirect } from './use-auth-redirect';

/** Longest brief the prompt bar accepts (the generation body's own bound is larger). */
const MAX_BRIEF = 4000;

/**
 * "Start from the idea" (issue 43): a new project begins with what the site is for. The project is
 * named from the brief (editable in the editor's header), and the editor sends the brief at once.
 */
export function BriefForm() {
  const { t } = useTranslation('spaces');
  const [brief, setBrief] = useState('');
  const id = useId();
  const navigate = useNavigate();
  const redirect = useAuthRedirect();
  const create = useCreateSpace();
  const blank = brief.trim().length === 0;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || create.isPending) return;
    const text = brief.trim();
    create.mutate(nameFromBrief(text), {
      onSuccess: ({ space }) => navigate(paths.space(space.id), { state: { brief: text } }),
      onError: (error) => {
        if (!redirect(error)) toast.error(t('createError'));
      },
    });
  };
  // Enter sends, as in the editor's prompt bar; Shift+Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-label`}
      className="rounded-2xl border border-indigo-200 bg-indigo-50/60 p-4 sm:p-5 dark:border-indigo-900 dark:bg-indigo-950/30"
    >
      <label id={`${id}-label`} htmlFor={id} className="block font-semibold text-gray-900 dark:text-gray-100">
        {t('briefLabel')}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-gray-600 text-sm dark:text-gray-400">
        {t('briefHint')}
      </p>
      <textarea
        id={id}
        data-new-project-brief
        value={brief}
        rows={3}
        maxLength={MAX_BRIEF}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setBrief(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('briefPlaceholder')}
        className="mt-3 w-full resize-y rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
      />
      <div className="mt-3 flex justify-end">
        <button
          type="submit"
          disabled={blank || create.isPending}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white shadow-sm transition hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Sparkles className="size-4" aria-hidden />
          {create.isPending ? t('creating') : t('briefCreate')}
        </button>
      </div>
    </form>
  );
}
