import {
  type ProfileEdit,
  type ProfileEditKey,
  type ProfileFactKey,
  type ProfileKind,
  type ProfileListKey,
  type ProfileSaveResponse,
  profileFactKeys,
  profileListKeys,
  type SiteProfile,
} from '@div/shared/profile';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { fromRows, ProfileLists, toRows } from './profile-lists';
import './locale';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
const inputClass = clsx(
  'mt-1 w-full rounded-md border border-gray-400 bg-white px-2.5 py-1.5 text-gray-900 text-sm read-only:bg-gray-50 dark:border-gray-600 dark:bg-gray-950 dark:text-gray-100 dark:read-only:bg-gray-900',
  focusRing,
);
/** Input types that bring the right keyboard on phones. */
const TYPES: Partial<Record<ProfileFactKey, string>> = { phone: 'tel', whatsapp: 'tel', email: 'email' };

type Values = Record<ProfileFactKey, string>;
const valuesOf = (profile: SiteProfile): Values =>
  Object.fromEntries(profileFactKeys.map((key) => [key, profile[key] ?? ''])) as Values;

/**
 * "Lo que entendí" (issue 37): what the composer read from the brief, as a form. Facts read with
 * doubt are marked; saving sends only what changed, and says what changed on the site and what
 * was stored for the next generation. Viewers read it without a save button.
 */
export function ProfileCard({
  open,
  onOpenChange,
  profile,
  firstRead,
  kinds,
  canEdit,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: SiteProfile;
  /** The profile as first read from the brief, to restore it (absent for older spaces). */
  firstRead?: SiteProfile | null;
  kinds: readonly ProfileKind[];
  canEdit: boolean;
  /** Resolves with the server's answer; rejects with an ApiError whose message is shown. */
  onSave: (edit: ProfileEdit) => Promise<ProfileSaveResponse>;
}) {
  const { t, i18n } = useTranslation('profile');
  const language = i18n.language === 'en' ? 'en' : 'es';
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const [rows, setRows] = useState(() => toRows(profile));
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const sortedKinds = kinds
    .map((k) => ({ id: k.id, label: k[language].charAt(0).toUpperCase() + k[language].slice(1) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  const changed = profileFactKeys.filter((key) => values[key].trim() !== (profile[key] ?? ''));
  const lists = fromRows(rows);
  const listsChanged = profileListKeys.filter((key) => JSON.stringify(lists[key]) !== JSON.stringify(profile[key]));
  const restorable =
    canEdit &&
    firstRead &&
    (profileFactKeys.some((key) => values[key] !== (firstRead[key] ?? '')) ||
      profileListKeys.some((key) => JSON.stringify(lists[key]) !== JSON.stringify(firstRead[key])));
  const restore = () => {
    if (!firstRead) return;
    setValues(valuesOf(firstRead));
    setRows(toRows(firstRead));
    setStatus({ kind: 'info', text: t('restored') });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0 && listsChanged.length === 0) return setStatus({ kind: 'info', text: t('nothingChanged') });
    setSaving(true);
    setStatus(null);
    try {
      const edit = {
        ...Object.fromEntries(changed.map((key) => [key, values[key].trim()])),
        ...Object.fromEntries(listsChanged.map((key) => [key, lists[key]])),
      } as ProfileEdit;
      const result = await onSave(edit);
      setValues(valuesOf(result.profile));
      setRows(toRows(result.profile));
      const nameOf = (key: ProfileEditKey) =>
        (profileListKeys as readonly string[]).includes(key) ? t(`lists.${key}`) : t(`fields.${key}`);
      const names = (keys: readonly ProfileEditKey[]) => keys.map((key) => nameOf(key).toLowerCase()).join(', ');
      const parts = [t('saved')];
      if (result.applied.length) parts.push(t('applied', { facts: names(result.applied) }));
      if (result.stored.length) parts.push(t('stored', { facts: names(result.stored) }));
      setStatus({ kind: 'info', text: parts.join(' ') });
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof ApiError ? error.message : t('saveError') });
    } finally {
      setSaving(false);
    }
  };

  const label = (key: ProfileFactKey) => {
    const doubtful = profile.uncertain.includes(key);
    return (
      <label htmlFor={`${id}-${key}`} className="flex items-center gap-2 font-medium text-gray-800 text-sm dark:text-gray-200">
        {t(`fields.${key}`)}
        {doubtful && (
          <span
            data-testid={`profile-uncertain-${key}`}
            className="rounded-full bg-amber-100 px-1.5 font-normal text-amber-900 text-xs dark:bg-amber-900/60 dark:text-amber-100"
          >
            {t('uncertain')}
          </span>
        )}
      </label>
    );
  };
  const described = (key: ProfileFactKey) => (profile.uncertain.includes(key) ? `${id}-uncertain` : undefined);
  const set = (key: ProfileFactKey) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          data-testid="profile-card"
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-xl dark:bg-gray-900"
        >
          <div className="flex items-start gap-3 border-gray-200 border-b p-4 dark:border-gray-800">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="font-semibold text-gray-900 text-lg dark:text-gray-100">{t('title')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-gray-600 text-sm dark:text-gray-300">
                {canEdit ? t('description') : t('readOnly')}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t('close')}
              className={clsx(
                'rounded-md p-1.5 text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
                focusRing,
              )}
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <form onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col" noValidate>
            <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4">
              <p id={`${id}-uncertain`} className="sr-only">
                {t('uncertainHelp')}
              </p>
              {profileFactKeys.map((key) => (
                <div key={key}>
                  {label(key)}
                  {key === 'kind' || key === 'language' ? (
                    <select
                      id={`${id}-${key}`}
                      name={key}
                      value={values[key]}
                      onChange={set(key)}
                      disabled={!canEdit}
                      aria-describedby={described(key)}
                      className={inputClass}
                    >
                      {key === 'language'
                        ? (['es', 'en'] as const).map((l) => (
                            <option key={l} value={l}>
                              {t(`languages.${l}`)}
                            </option>
                          ))
                        : sortedKinds.map((k) => (
                            <option key={k.id} value={k.id}>
                              {k.label}
                            </option>
                          ))}
                    </select>
                  ) : (
                    <input
                      id={`${id}-${key}`}
                      name={key}
                      type={TYPES[key] ?? 'text'}
                      value={values[key]}
                      onChange={set(key)}
                      readOnly={!canEdit}
                      maxLength={300}
                      autoComplete="off"
                      aria-describedby={described(key)}
                      className={inputClass}
                    />
                  )}
                  {key === 'kind' && profile.kindNoun && values.kind === profile.kind && (
                    <p className="mt-1 text-gray-600 text-xs dark:text-gray-300">{t('kindNoun', { noun: profile.kindNoun })}</p>
                  )}
                </div>
              ))}
              <ProfileLists
                profile={profile}
                rows={rows}
                canEdit={canEdit}
                onRowsChange={(list: ProfileListKey, next) => setRows((current) => ({ ...current, [list]: next }))}
              />
            </div>
            <div className="border-gray-200 border-t p-4 dark:border-gray-800">
              <p
                role={status?.kind === 'error' ? 'alert' : 'status'}
                data-testid="profile-status"
                className={clsx(
                  'mb-2 min-h-5 text-sm',
                  status?.kind === 'error' ? 'text-red-700 dark:text-red-300' : 'text-gray-700 dark:text-gray-200',
                )}
              >
                {status?.text}
              </p>
              {restorable && (
                <button
                  type="button"
                  onClick={restore}
                  className={clsx(
                    'mb-2 w-full rounded-lg border border-gray-300 px-3 py-2 font-medium text-gray-800 text-sm hover:bg-gray-50 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800',
                    focusRing,
                  )}
                >
                  {t('restore')}
                </button>
              )}
              {canEdit && (
                <button
                  type="submit"
                  disabled={saving}
                  className={clsx(
                    'w-full rounded-lg bg-indigo-700 px-3 py-2 font-medium text-sm text-white hover:bg-indigo-800 disabled:opacity-70',
                    focusRing,
                  )}
                >
                  {saving ? t('saving') : t('save')}
                </button>
              )}
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
