import type { GitStatus } from '@div/shared/git';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { updateGitSettings } from './api';

/*
 * "Enviar cada versión a Git" (issue 41, ADR 0278): each new version is pushed in the background,
 * fast-forward only; off by default. A refusal stays in the status's last error.
 */
export function AutoPushToggle({
  spaceId,
  status,
  disabled,
  onChanged,
}: {
  spaceId: string;
  status: GitStatus;
  disabled: boolean;
  onChanged: (status: GitStatus) => void;
}) {
  const { t } = useTranslation('git');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { box: useId(), hint: useId() };

  const change = async (autoPush: boolean) => {
    setSaving(true);
    setError(null);
    try {
      onChanged(await updateGitSettings(spaceId, { autoPush }));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('loadError'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex items-start gap-2">
      <input
        id={ids.box}
        type="checkbox"
        className="mt-1"
        checked={status.autoPush}
        disabled={disabled || saving}
        aria-describedby={ids.hint}
        onChange={(e) => void change(e.target.checked)}
      />
      <div>
        <label htmlFor={ids.box} className="font-medium">
          {t('autoPush')}
        </label>
        <p id={ids.hint} className="text-xs text-gray-600 dark:text-gray-300">
          {t('autoPushHint')}
        </p>
        {error && (
          <p role="alert" className="text-xs text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
