import type { GitConflictFile, GitResolution } from '@div/shared/git';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';

/*
 * A pull's conflict (issue 41): the files both sides changed on the same lines, each with its two
 * versions, and a choice per file; "Resolver y traer" pulls again with the choices. Nothing was
 * changed until then.
 */

const pre =
  'mt-1 max-h-48 overflow-auto rounded border border-gray-300 bg-white p-2 font-mono text-xs whitespace-pre-wrap text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100';

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
          <details className="mt-1">
            <summary className="cursor-pointer">{t('showBoth')}</summary>
            <p className="mt-1 font-semibold">{t('oursTitle')}</p>
            <pre className={pre}>{c.ours ?? t('deleted')}</pre>
            <p className="mt-1 font-semibold">{t('theirsTitle')}</p>
            <pre className={pre}>{c.theirs ?? t('deleted')}</pre>
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
