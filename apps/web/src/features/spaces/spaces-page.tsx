import { useCallback, useEffect, useRef } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { SharedWithMe } from '../collaboration/shared-with-me';
import { useSpaces } from './api/list-spaces';
import { BriefForm } from './brief-form';
import { CreateSpaceForm } from './create-space-form';
import { SpaceCard } from './space-card';
import { isUnauthorized, useRedirectOnUnauthorized } from './use-auth-redirect';
import { useLoadMoreOnScroll } from './use-load-more';
import './locale';

/** /spaces: the signed-in person's projects (spec section 2). */
export default function SpacesPage() {
  const { t } = useTranslation('spaces');
  useDocumentTitle(t('title'));
  const spaces = useSpaces();
  useRedirectOnUnauthorized(spaces.error);
  useEffect(() => {
    if (spaces.error && !isUnauthorized(spaces.error)) toast.error(t('loadError'), { id: 'spaces-load-error' });
  }, [spaces.error, t]);
  const list = spaces.data?.pages.flatMap((page) => page.spaces) ?? [];
  const total = spaces.data?.pages[0]?.total ?? 0;
  // The list comes a page at a time; the next one loads as the end of the list scrolls into view.
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = spaces;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useLoadMoreOnScroll(end, hasNextPage && !isFetchingNextPage && !isFetchNextPageError, loadMore);

  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <header className="mb-8 flex flex-col gap-6">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h1 className="text-3xl font-bold text-gray-900 dark:text-gray-100">{t('title')}</h1>
            <p className="mt-1 text-gray-600 dark:text-gray-400">{t('subtitle')}</p>
          </div>
          {spaces.data && (
            <p
              data-testid="spaces-count"
              className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
            >
              {t('count', { count: total })}
            </p>
          )}
        </div>
        <BriefForm />
        <div>
          <h2 className="mb-2 font-medium text-gray-700 text-sm dark:text-gray-300">{t('orName')}</h2>
          <CreateSpaceForm />
        </div>
      </header>

      {spaces.isPending && (
        <p role="status" className="py-16 text-center text-gray-500 dark:text-gray-400">
          {t('loading')}
        </p>
      )}

      {spaces.isError && !isFetchNextPageError && (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center dark:border-red-900 dark:bg-red-950/40"
        >
          <p className="font-medium text-red-700 dark:text-red-300">{t('loadError')}</p>
          <button
            type="button"
            onClick={() => void spaces.refetch()}
            className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-500"
          >
            {t('retry')}
          </button>
        </div>
      )}

      {spaces.isSuccess && list.length === 0 && (
        <div className="rounded-xl border border-dashed border-gray-300 px-6 py-16 text-center dark:border-gray-700">
          <p className="text-lg font-medium text-gray-800 dark:text-gray-200">{t('empty')}</p>
          <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{t('emptyHint')}</p>
        </div>
      )}

      {list.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((space) => (
            <SpaceCard key={space.id} space={space} />
          ))}
        </ul>
      )}
      {hasNextPage && (
        <div ref={end} className="mt-6 flex justify-center">
          <button
            type="button"
            data-testid="spaces-more"
            onClick={loadMore}
            disabled={isFetchingNextPage}
            className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-60 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800"
          >
            {isFetchingNextPage ? t('loadingMore') : isFetchNextPageError ? t('loadMoreError') : t('loadMore')}
          </button>
        </div>
      )}
      <SharedWithMe />
    </main>
  );
}
