import { clsx } from 'clsx';
import { ExternalLink, Globe, Rocket } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { useTranslation } from '../../../lib/i18n';
import { absoluteTime, relativeTime } from '../../../lib/relative-time';
import { usePublished } from './use-published';

/**
 * The editor header's publishing corner (issue 43): "Publicar" always in sight, and once the site is
 * live a chip with its address (open, copy), when it was published, and whether the files have
 * changed since. It used to hide inside the tools menu, and the address showed once in a toast.
 */
export function PublishControl({
  spaceId,
  canEdit,
  revision,
  onPublish,
}: {
  spaceId: string;
  canEdit: boolean;
  /** The space's current revision, to tell whether the live site is behind it. */
  revision: number;
  onPublish: () => void | Promise<void>;
}) {
  const { t, i18n } = useTranslation('editor');
  const published = usePublished(spaceId, canEdit);
  const [busy, setBusy] = useState(false);
  const live = published.data ?? null;
  const behind = live !== null && live.revision !== null && revision > live.revision;
  const publish = async () => {
    setBusy(true);
    try {
      await onPublish();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ml-auto flex shrink-0 items-center gap-2 md:min-w-0 md:shrink">
      {live && (
        <div
          role="group"
          aria-label={t('published.label')}
          data-testid="published-chip"
          data-behind={behind || undefined}
          className="hidden min-w-0 items-center gap-1.5 rounded-full border border-gray-300 py-0.5 pr-1 pl-2.5 text-xs md:flex dark:border-gray-700"
        >
          <span aria-hidden className={clsx('size-2 shrink-0 rounded-full', behind ? 'bg-amber-500' : 'bg-emerald-500')} />
          <a
            href={live.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('published.open', { address: live.address })}
            className="inline-flex min-w-0 items-center gap-1 font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            <span className="truncate">{live.address}</span>
            <ExternalLink aria-hidden className="size-3 shrink-0" />
          </a>
          <span
            className="hidden whitespace-nowrap text-gray-600 lg:inline dark:text-gray-400"
            title={absoluteTime(live.at, i18n.language)}
          >
            {behind ? t('published.newer') : t('published.at', { when: relativeTime(live.at, i18n.language) })}
          </span>
          <CopyButton
            value={live.url}
            label={t('published.copy')}
            copiedLabel={t('published.copied')}
            name={t('published.copyName')}
            iconOnly
            className="rounded-full border-0"
          />
        </div>
      )}
      {live && (
        // On a phone the chip is one icon: the live site, a tap away.
        <a
          href={live.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('published.open', { address: live.address })}
          className="relative rounded-md p-1.5 text-indigo-700 hover:bg-gray-100 md:hidden dark:text-indigo-300 dark:hover:bg-gray-800"
        >
          <Globe aria-hidden className="size-4" />
          <span
            aria-hidden
            className={clsx('absolute top-1 right-1 size-1.5 rounded-full', behind ? 'bg-amber-500' : 'bg-emerald-500')}
          />
        </a>
      )}
      {canEdit && (
        <button
          type="button"
          onClick={() => void publish()}
          disabled={busy}
          data-testid="publish-button"
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-indigo-600 px-3 py-1.5 font-semibold text-sm text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 disabled:opacity-70"
        >
          <Rocket aria-hidden className="size-4" />
          {/* On a phone the short word, so the header keeps room for the project's name. */}
          <span className="sm:hidden">{busy ? t('published.publishing') : t('published.publish')}</span>
          <span className="hidden sm:inline">
            {busy ? t('published.publishing') : live && behind ? t('published.republish') : t('published.publish')}
          </span>
        </button>
      )}
    </div>
  );
}
