import type { GitConflictFile, GitResolution } from '@div/shared/git';
import { useId, useState } from 'react';
import { DiffView } from '../../components/diff-view';
import { useTranslation } from '../../lib/i18n';

/*
 * A pull's conflict (issue 41): the files both sides changed on the same lines, each shown in the
 * diff view (DIV's lines "−", the repository's "+") with a choice per file; "Resolver y traer"
 * sends the choices (ADR 0277). Nothing was changed until then.
 */

export function ConflictList({
  conflicts,
  busy,
  onResolve,
}: {
  conflicts: GitConflictFile[];
  busy: boolean;
  onResolve: (resolutions: Record<string, GitResolution>) => void;
}) {
  const { t } = useTranslation('git');
  const [choices, setChoices] = useState<Record<string, GitResolution>>({});
  const name = useId();
  const complete = conflicts.length > 0 && conflicts.every((c) => choices[c.path]);

  return (
    <div
      role="alert"
      className="mt-2 rounded-md border border-amber-500 bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-semibold">{t('conflictTitle')}</p>
      <p>{t('conflictText')}</p>
      <ul className="mt-1 list-disc pl-5" data-testid="git-conflict-files">
        {conflicts.map((c) => (
          <li key={c.path} className="font-mono">
            {c.path}
          </li>
        ))}
      </ul>
      {conflicts.map((c, i) => (
        <fieldset key={c.path} className="mt-2 rounded border border-amber-400 p-2">
          <legend className="px-1 font-mono font-semibold">{c.path}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {(['ours', 'theirs'] as const).map((side) => (
              <label key={side} className="inline-flex items-center gap-1.5">
                <input
                  type="radio"
                  name={`${name}-${i}`}
                  value={side}
                  checked={choices[c.path] === side}
                  onChange={() => setChoices((current) => ({ ...current, [c.path]: side }))}
                />
                {t(side === 'ours' ? 'keepOurs' : 'keepTheirs')}
              </label>
            ))}
          </div>
          <details className="mt-1" open>
            <summary className="cursor-pointer">{t('showBoth')}</summary>
            <p className="mt-1 text-xs" aria-hidden>
              − {t('oursTitle')} · + {t('theirsTitle')}
            </p>
            <DiffView
              before={c.ours}
              after={c.theirs}
              label={t('diffLabel', { path: c.path })}
              beforeLabel={t('oursTitle')}
              afterLabel={t('theirsTitle')}
              foldLabel={(count) => t('sameLines', { count })}
              testId="git-conflict-diff"
            />
            {(c.ours === null || c.theirs === null) && (
              <p className="mt-1 text-xs">{c.ours === null ? t('deletedInDiv') : t('deletedInRepo')}</p>
            )}
          </details>
        </fieldset>
      ))}
      {conflicts.length > 0 && (
        <button
          type="button"
          disabled={!complete || busy}
          onClick={() => onResolve(choices)}
          className="mt-2 rounded-lg bg-indigo-700 px-3 py-1.5 font-medium text-white hover:bg-indigo-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {t('resolve')}
        </button>
      )}
    </div>
  );
}
