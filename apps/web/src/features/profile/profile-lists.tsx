import type { ProfileListKey, SiteProfile } from '@div/shared/profile';
import { clsx } from 'clsx';
import { Plus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import './locale';

/** The lists the card edits row by row (ADR 0271). */
export type EditableLists = Pick<SiteProfile, ProfileListKey>;
type Row = Record<string, string | undefined>;

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
const inputClass = clsx(
  'w-full min-w-0 rounded-md border border-gray-400 bg-white px-2 py-1 text-gray-900 text-sm read-only:bg-gray-50 dark:border-gray-600 dark:bg-gray-950 dark:text-gray-100 dark:read-only:bg-gray-900',
  focusRing,
);
const iconButton = clsx(
  'shrink-0 rounded-md p-1.5 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800',
  focusRing,
);

/** The fields of a row of each list: the first is required, the second optional. */
const FIELDS: Record<ProfileListKey, [string, string]> = {
  items: ['label', 'price'],
  services: ['label', ''],
  people: ['name', 'role'],
};

/** Lists as rows of inputs, to add, change and remove; the empty rows are dropped on save. */
export function toRows(lists: EditableLists): Record<ProfileListKey, Row[]> {
  return {
    items: lists.items.map((i) => ({ label: i.label, price: i.price ?? '' })),
    services: lists.services.map((label) => ({ label })),
    people: lists.people.map((p) => ({ name: p.name, role: p.role ?? '' })),
  };
}

/** The rows as the profile's lists: trimmed, empty rows dropped, empty prices and roles left out. */
export function fromRows(rows: Record<ProfileListKey, Row[]>): EditableLists {
  const v = (s?: string) => (s ?? '').trim();
  return {
    items: rows.items
      .filter((r) => v(r.label))
      .map((r) => (v(r.price) ? { label: v(r.label), price: v(r.price) } : { label: v(r.label) })),
    services: rows.services.map((r) => v(r.label)).filter(Boolean),
    people: rows.people
      .filter((r) => v(r.name))
      .map((r) => (v(r.role) ? { name: v(r.name), role: v(r.role) } : { name: v(r.name) })),
  };
}

/** One list, editable: each row's inputs and a remove button, then an add button. */
function ListEditor({
  list,
  rows,
  canEdit,
  onChange,
}: {
  list: ProfileListKey;
  rows: Row[];
  canEdit: boolean;
  onChange: (rows: Row[]) => void;
}) {
  const { t } = useTranslation('profile');
  const [first, second] = FIELDS[list];
  const set = (index: number, field: string, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  return (
    <fieldset data-testid={`profile-list-${list}`} className="space-y-1.5">
      <legend className="font-medium text-gray-700 text-sm dark:text-gray-300">{t(`lists.${list}`)}</legend>
      {rows.length === 0 && <p className="text-gray-600 text-xs dark:text-gray-300">{t('rows.empty')}</p>}
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their position is their name ("Producto 2")
          <div key={index} className="flex items-center gap-1.5">
            <input
              aria-label={t(`rows.${list}.${first}`, { n })}
              value={row[first] ?? ''}
              onChange={(e) => set(index, first, e.target.value)}
              readOnly={!canEdit}
              maxLength={300}
              autoComplete="off"
              className={inputClass}
            />
            {second && (
              <input
                aria-label={t(`rows.${list}.${second}`, { n })}
                value={row[second] ?? ''}
                onChange={(e) => set(index, second, e.target.value)}
                readOnly={!canEdit}
                maxLength={300}
                autoComplete="off"
                className={clsx(inputClass, 'max-w-[40%]')}
              />
            )}
            {canEdit && (
              <button
                type="button"
                aria-label={t(`rows.${list}.remove`, { n })}
                title={t(`rows.${list}.remove`, { n })}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
                className={iconButton}
              >
                <X className="size-4" aria-hidden />
              </button>
            )}
          </div>
        );
      })}
      {canEdit && (
        <button
          type="button"
          onClick={() => onChange([...rows, { [first]: '', ...(second ? { [second]: '' } : {}) }])}
          className={clsx(
            'inline-flex items-center gap-1 rounded-md px-1.5 py-1 font-medium text-indigo-700 text-sm hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-gray-800',
            focusRing,
          )}
        >
          <Plus className="size-4" aria-hidden />
          {t(`rows.${list}.add`)}
        </button>
      )}
    </fieldset>
  );
}

/**
 * What else the composer read: items, services and people as editable rows (saved with the card;
 * the site changes in place), then what follow-ups change (form fields, links, questions, colours)
 * shown as read.
 */
export function ProfileLists({
  profile,
  rows,
  canEdit,
  onRowsChange,
}: {
  profile: SiteProfile;
  rows: Record<ProfileListKey, Row[]>;
  canEdit: boolean;
  onRowsChange: (list: ProfileListKey, rows: Row[]) => void;
}) {
  const { t } = useTranslation('profile');
  const shownAsRead: [string, ReactNode[]][] = [
    ['formFields', profile.formFields],
    ['social', profile.social.map((s) => s.label || s.url)],
    ['questions', profile.questions],
    [
      'colours',
      profile.colours.map((c) => (
        <span key={c} className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-3 rounded-sm border border-gray-400" style={{ background: c }} />
          {c}
        </span>
      )),
    ],
  ];
  if (profile.dark) shownAsRead[shownAsRead.length - 1]?.[1].push(t('lists.dark'));
  const shown = shownAsRead.filter(([, values]) => values.length > 0);
  return (
    <section aria-labelledby="profile-lists-title" className="space-y-3 border-gray-200 border-t pt-4 dark:border-gray-800">
      <h3 id="profile-lists-title" className="font-semibold text-gray-900 text-sm dark:text-gray-100">
        {t('lists.title')}
      </h3>
      {(['items', 'services', 'people'] as const).map((list) => (
        <ListEditor key={list} list={list} rows={rows[list]} canEdit={canEdit} onChange={(next) => onRowsChange(list, next)} />
      ))}
      {shown.length > 0 && (
        <dl className="space-y-2 text-sm">
          {shown.map(([key, values]) => (
            <div key={key}>
              <dt className="font-medium text-gray-700 dark:text-gray-300">{t(`lists.${key}`)}</dt>
              <dd className="text-gray-900 dark:text-gray-100">
                <ul className="flex flex-wrap gap-1.5">
                  {values.map((value, index) => (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: read-only values in the brief's order
                      key={index}
                      className="rounded-md bg-gray-100 px-1.5 py-0.5 dark:bg-gray-800"
                    >
                      {value}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
