import type { SpaceRole } from '@div/shared/members';
import { type SpaceSummary, sharePath } from '@div/shared/spaces';
import { Copy, Shuffle } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { updateSharing } from './api';
import { DialogFrame } from './dialog-frame';
import './locale';
import { useRemixAction } from './use-remix-action';

/** "Compartir": public or private, the share link, remixing of the published site (ADR 0210). */
export function ShareDialog({
  open,
  onOpenChange,
  space,
  role,
  onChanged,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  space: SpaceSummary;
  role: SpaceRole;
  onChanged: (space: SpaceSummary) => void;
}) {
  const { t } = useTranslation('collaboration');
  const [saving, setSaving] = useState(false);
  const remix = useRemixAction();
  const owner = role === 'owner';
  const link = `${window.location.origin}${sharePath(space.id)}`;
  const linkWorks = space.public || space.allowRemix;

  const change = async (patch: { public?: boolean; allowRemix?: boolean }) => {
    setSaving(true);
    try {
      onChanged((await updateSharing(space.id, patch)).space);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('share.saveError'));
    } finally {
      setSaving(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('share.copied'));
    } catch {
      // Without clipboard access the field stays selected for a manual copy.
      document.getElementById(`${space.id}-share-link`)?.focus();
    }
  };

  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={t('share.title')} description={t('share.description')}>
      {owner ? (
        <div className="flex flex-col gap-4">
          <Toggle
            label={t('share.public')}
            hint={t('share.publicHint')}
            checked={space.public}
            disabled={saving}
            onChange={(value) => void change({ public: value })}
          />
          <Toggle
            label={t('share.allowRemix')}
            hint={t('share.allowRemixHint')}
            checked={space.allowRemix}
            disabled={saving}
            onChange={(value) => void change({ allowRemix: value })}
          />
        </div>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('share.ownerOnly')}</p>
      )}

      <label htmlFor={`${space.id}-share-link`} className="mt-5 mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
        {t('share.link')}
      </label>
      <div className="flex gap-2">
        <input
          id={`${space.id}-share-link`}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 text-sm text-gray-800 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-200"
        />
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex items-center gap-1.5 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800"
        >
          <Copy className="size-4" aria-hidden />
          {t('share.copy')}
        </button>
      </div>
      {!linkWorks && <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">{t('share.linkOff')}</p>}

      <div className="mt-5 flex items-center justify-between gap-3">
        <p data-testid="remix-count" className="text-sm text-gray-700 dark:text-gray-300">
          {t('share.remixCount', { count: space.remixCount })}
        </p>
        <button
          type="button"
          disabled={remix.busy}
          onClick={() => void remix.run(space.id)}
          className="inline-flex items-center gap-1.5 rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60"
        >
          <Shuffle className="size-4" aria-hidden />
          {remix.busy ? t('remix.working') : t('remix.duplicate')}
        </button>
      </div>
    </DialogFrame>
  );
}

function Toggle({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-gray-900 dark:text-gray-100">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onCheckedChange={onChange}
        className="relative h-6 w-11 shrink-0 rounded-full bg-gray-300 transition data-[state=checked]:bg-indigo-600 disabled:opacity-60 dark:bg-gray-600"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-5" />
      </Switch.Root>
    </div>
  );
}
