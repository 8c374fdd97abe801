import type { PublishedSite } from '@div/shared/spaces';
import { ExternalLink, Globe } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { absoluteTime, relativeTime } from '../../lib/relative-time';
import { type CardAction, CardActions, CardMenuButton } from './card-actions';
import { SpaceThumbnail } from './space-thumbnail';
import './locale';

export type { CardAction } from './card-actions';

export interface ProjectCardProps {
  space: { id: string; name: string; revision: number; updatedAt: string; published: PublishedSite | null };
  to: string;
  testId: string;
  actions: CardAction[];
  /** More lines inside the card's link, after the name and the time (the owner of a shared space). */
  children?: React.ReactNode;
  title?: string;
  /** The card's list item, for whoever must move focus between cards (after a delete). */
  itemRef?: React.Ref<HTMLLIElement>;
}

/**
 * A project on /spaces (own or shared, ADR 0187): a live thumbnail, the name, when it was last
 * edited, where it is published (a link to the site), and its actions behind a menu button and a
 * right-click. The whole card opens the space; its link is named by its visible text.
 */
export function ProjectCard({ space, to, testId, actions, children, title, itemRef }: ProjectCardProps) {
  const { t } = useTranslation('projectCard');
  return (
    <li ref={itemRef}>
      <CardActions actions={actions}>
        <div className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md dark:border-gray-800 dark:bg-gray-900 dark:hover:border-indigo-700">
          <SpaceThumbnail spaceId={space.id} revision={space.revision} label={t('thumbnail', { name: space.name })} />
          <div className="flex flex-1 flex-col gap-3 p-4">
            <Link
              to={to}
              data-testid={testId}
              title={title}
              className="flex flex-col gap-1 outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:after:outline-2 focus-visible:after:outline-indigo-600 focus-visible:after:outline-offset-2"
            >
              <span className="truncate font-semibold text-gray-900 text-lg dark:text-gray-100">{space.name}</span>
              <EditedAt iso={space.updatedAt} />
              {children}
            </Link>
            <div className="mt-auto">
              <PublishedBadge published={space.published} />
            </div>
          </div>
          <CardMenuButton label={t('moreActions', { name: space.name })} actions={actions} />
        </div>
      </CardActions>
    </li>
  );
}

/** "Editado hace 3 min", with the exact time in `datetime` and the title; kept fresh every minute. */
function EditedAt({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation('projectCard');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="text-gray-600 text-sm dark:text-gray-400">
      <time dateTime={iso} title={absoluteTime(iso, i18n.language)} data-testid="space-edited">
        {t('edited', { when: relativeTime(iso, i18n.language, now) })}
      </time>
    </span>
  );
}

/** Where the space is published (a link to the site, in a new tab), or that it is not. */
function PublishedBadge({ published }: { published: PublishedSite | null }) {
  const { t, i18n } = useTranslation('projectCard');
  if (!published) {
    return (
      <span
        data-testid="space-unpublished"
        className="inline-flex items-center gap-1.5 rounded-full bg-gray-100 px-2.5 py-1 font-medium text-gray-700 text-xs dark:bg-gray-800 dark:text-gray-300"
      >
        <span className="size-1.5 rounded-full bg-gray-400 dark:bg-gray-500" aria-hidden />
        {t('unpublished')}
      </span>
    );
  }
  return (
    <a
      href={published.url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="space-published"
      title={t('publishedTitle', { date: absoluteTime(published.at, i18n.language) })}
      className="relative z-10 inline-flex max-w-full items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 font-medium text-emerald-800 text-xs hover:bg-emerald-100 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 focus-visible:outline-offset-2 dark:bg-emerald-950 dark:text-emerald-200 dark:hover:bg-emerald-900"
    >
      <Globe className="size-3.5 shrink-0" aria-hidden />
      <span className="shrink-0">{t('published')}</span>
      <span className="shrink-0">·</span>
      <span className="truncate">{published.address}</span>
      <ExternalLink className="size-3 shrink-0" aria-hidden />
      <span className="sr-only">{t('newTab')}</span>
    </a>
  );
}
