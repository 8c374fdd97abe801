import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { clearSession } from '../../lib/session';
import { useSpace } from './api/get-space';
import { createEditorStore, EditorStoreContext } from './editor-store';
import { EditorWorkspace } from './editor-workspace';
import './locale';

/** /space/:spaceId: the editor of one project (spec section 2). */
export default function EditorPage() {
  const { spaceId = '' } = useParams();
  const [store] = useState(() => createEditorStore());
  return (
    <EditorStoreContext.Provider value={store}>
      <EditorLoader key={spaceId} spaceId={spaceId} />
    </EditorStoreContext.Provider>
  );
}

function EditorLoader({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const space = useSpace(spaceId);
  // The tab names the project (issue 43); until it loads, the editor.
  useDocumentTitle(space.data ? space.data.space.name : t('pageTitle'));
  const unauthorized = space.error instanceof ApiError && space.error.status === 401;

  useEffect(() => {
    if (unauthorized) {
      clearSession();
      navigate(paths.login, { replace: true });
    }
  }, [unauthorized, navigate]);

  if (space.isPending || unauthorized) {
    return (
      <p role="status" className="flex-1 p-16 text-center text-gray-500 dark:text-gray-400">
        {t('loading')}
      </p>
    );
  }
  if (space.isError) {
    const missing = space.error instanceof ApiError && space.error.status === 404;
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-1 flex-col items-center gap-4 p-16 text-center">
        <p className="text-lg font-medium text-gray-900 dark:text-gray-100">{missing ? t('notFound') : t('loadError')}</p>
        <div className="flex gap-2">
          {!missing && (
            <button
              type="button"
              onClick={() => void space.refetch()}
              className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
            >
              {t('retry')}
            </button>
          )}
          <Link
            to={paths.spaces}
            className="inline-flex items-center gap-1 rounded-lg px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t('back')}
          </Link>
        </div>
      </div>
    );
  }
  return <EditorWorkspace spaceId={spaceId} detail={space.data} refetch={() => void space.refetch()} />;
}
