import { SPACE_NAME_MAX } from '@div/shared/constants';
import type { SpaceDetailResponse } from '@div/shared/spaces';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { spacesQueryKey } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { spaceQueryKey } from './api/get-space';
import { renameSpace } from './api/rename-space';

/**
 * The project's name in the editor's header. Its owner can rename it in place (issue 43: a project
 * started from a brief is named from it, editable afterwards): Enter or leaving the field saves, Esc
 * cancels, and focus comes back to the name's button.
 */
export function SpaceTitle({ spaceId, detail }: { spaceId: string; detail: SpaceDetailResponse }) {
  const { t } = useTranslation('editor');
  const queryClient = useQueryClient();
  const name = detail.space.name;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) input.current?.select();
    else if (returnFocus.current) {
      returnFocus.current = false;
      button.current?.focus();
    }
  }, [editing]);

  if (detail.access.role !== 'owner') return <h1 className="min-w-16 truncate font-semibold">{name}</h1>;

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const next = draft.trim();
    if (saving) return;
    if (!next || next === name) return close();
    setSaving(true);
    try {
      await renameSpace(spaceId, next);
      queryClient.setQueryData<SpaceDetailResponse>(spaceQueryKey(spaceId), (old) =>
        old ? { ...old, space: { ...old.space, name: next } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: spacesQueryKey });
      toast.success(t('rename.saved'));
      close();
    } catch (error) {
      toast.error(t('rename.failed'), { description: error instanceof ApiError ? error.message : undefined });
      input.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  if (editing)
    return (
      <form onSubmit={save} className="min-w-0">
        <input
          ref={input}
          value={draft}
          maxLength={SPACE_NAME_MAX}
          aria-label={t('rename.label')}
          disabled={saving}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => void save()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              setDraft(name);
              close();
            }
          }}
          className="w-56 max-w-full rounded-md border border-indigo-400 bg-white px-2 py-0.5 font-semibold text-gray-900 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 sm:w-72 dark:bg-gray-900 dark:text-gray-100"
        />
      </form>
    );
  return (
    <h1 className="min-w-16 font-semibold">
      <span id={`${spaceId}-rename-hint`} hidden>
        {t('rename.action')}
      </span>
      <button
        ref={button}
        type="button"
        title={t('rename.action')}
        aria-describedby={`${spaceId}-rename-hint`}
        onClick={() => {
          setDraft(name);
          setEditing(true);
        }}
        className="group inline-flex max-w-full items-center gap-1.5 rounded-md px-1 py-0.5 text-left hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-gray-800"
      >
        <span className="truncate">{name}</span>
        <Pencil aria-hidden className="size-3.5 shrink-0 text-gray-500 opacity-60 group-hover:opacity-100 dark:text-gray-400" />
      </button>
    </h1>
  );
}
