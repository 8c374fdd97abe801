import type { SiteProfile } from '@div/shared/profile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import './locale';

/** What else the composer read (lists, sections, colours), shown as read; follow-ups change them. */
export function ProfileLists({ profile }: { profile: SiteProfile }) {
  const { t } = useTranslation('profile');
  const rows: [string, ReactNode[]][] = [
    ['services', profile.services],
    ['items', profile.items.map((i) => (i.price ? `${i.label} · ${i.price}` : i.label))],
    ['people', profile.people.map((p) => (p.role ? `${p.name} · ${p.role}` : p.name))],
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
  if (profile.dark) rows[rows.length - 1]?.[1].push(t('lists.dark'));
  const shown = rows.filter(([, values]) => values.length > 0);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="profile-lists-title" className="border-gray-200 border-t pt-4 dark:border-gray-800">
      <h3 id="profile-lists-title" className="font-semibold text-gray-900 text-sm dark:text-gray-100">
        {t('lists.title')}
      </h3>
      <dl className="mt-2 space-y-2 text-sm">
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
    </section>
  );
}
