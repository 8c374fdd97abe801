import { PREVIEW_SANDBOX } from '@div/shared/constants';
import type { SharedView } from '@div/shared/spaces';
import { assemblePreview } from '@div/site-engine/assemble';
import { useQuery } from '@tanstack/react-query';
import { Eye, FileCode, Shuffle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { getShared } from './api';
import './locale';
import { useDocumentTitle } from '../../lib/document-title';
import { useRemixAction } from './use-remix-action';

/** The page the preview frame loads; it renders what the parent posts (modules/preview, ADR 0062). */
const PREVIEW_HOST_URL = '/preview/frame';

/** /share/:spaceId: what a space shares, read-only, for anyone; "Remixar" for signed-in people (ADR 0210). */
export default function SharePage() {
  const { spaceId = '' } = useParams();
  const { t } = useTranslation('collaboration');
  const shared = useQuery({ queryKey: ['share', spaceId], queryFn: () => getShared(spaceId), retry: false });
  useDocumentTitle(shared.data ? shared.data.name : shared.isError ? t('view.notFoundTitle') : undefined);
  const remix = useRemixAction();

  if (shared.isPending) {
    return (
      <p role="status" className="flex-1 p-16 text-center text-gray-600 dark:text-gray-400">
        {t('view.loading')}
      </p>
    );
  }
  if (shared.isError) {
    const missing = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <main className="mx-auto flex max-w-md flex-1 flex-col items-center gap-4 p-16 text-center">
        <h1 className="text-lg font-medium text-gray-900 dark:text-gray-100">
          {missing ? t('view.notFound') : shared.error.message}
        </h1>
        <Link
          to="/"
          className="rounded-lg px-4 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-950"
        >
          {t('view.home')}
        </Link>
      </main>
    );
  }
  const view = shared.data;
  return (
    <main className="flex min-h-0 flex-1 flex-col bg-white dark:bg-gray-950">
      <header className="flex flex-wrap items-center gap-3 border-b border-gray-200 px-4 py-3 dark:border-gray-800">
        <div className="min-w-0">
          <h1 className="truncate text-lg font-semibold text-gray-900 dark:text-gray-100">{view.name}</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {t('view.by', { owner: view.owner })}
            {' · '}
            {view.kind === 'site' ? t('view.site') : t('view.readOnly')}
            {' · '}
            <span data-testid="remix-count">{t('share.remixCount', { count: view.remixCount })}</span>
          </p>
        </div>
        <button
          type="button"
          disabled={remix.busy}
          onClick={() => void remix.run(view.id)}
          className="ml-auto inline-flex items-center gap-1.5 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60"
        >
          <Shuffle className="size-4" aria-hidden />
          {remix.busy ? t('remix.working') : t('remix.action')}
        </button>
      </header>
      <SharedFiles view={view} />
    </main>
  );
}

function SharedFiles({ view }: { view: SharedView }) {
  const { t } = useTranslation('collaboration');
  const [active, setActive] = useState(view.files.find((f) => f.path === 'index.html')?.path ?? view.files[0]?.path ?? '');
  const [tab, setTab] = useState<'preview' | 'code'>('preview');
  const file = view.files.find((f) => f.path === active);
  return (
    <div className="grid min-h-0 flex-1 grid-cols-1 md:grid-cols-[14rem_1fr]">
      <nav aria-label={t('view.files')} className="border-b border-gray-200 p-2 md:border-r md:border-b-0 dark:border-gray-800">
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {view.files.map((f) => (
            <li key={f.path}>
              <button
                type="button"
                aria-current={f.path === active && tab === 'code' ? 'true' : undefined}
                onClick={() => {
                  setActive(f.path);
                  setTab('code');
                }}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-gray-800 hover:bg-gray-100 aria-[current=true]:bg-indigo-50 aria-[current=true]:text-indigo-800 dark:text-gray-200 dark:hover:bg-gray-800 dark:aria-[current=true]:bg-indigo-950 dark:aria-[current=true]:text-indigo-200"
              >
                <FileCode className="size-4 shrink-0" aria-hidden />
                {f.path}
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              aria-current={tab === 'preview' ? 'true' : undefined}
              onClick={() => setTab('preview')}
              className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-gray-800 hover:bg-gray-100 aria-[current=true]:bg-indigo-50 aria-[current=true]:text-indigo-800 dark:text-gray-200 dark:hover:bg-gray-800 dark:aria-[current=true]:bg-indigo-950 dark:aria-[current=true]:text-indigo-200"
            >
              <Eye className="size-4 shrink-0" aria-hidden />
              {t('view.preview')}
            </button>
          </li>
        </ul>
      </nav>
      <section className="min-h-[60vh] min-w-0">
        {tab === 'preview' ? (
          <SharedPreview view={view} />
        ) : (
          <figure className="flex h-full flex-col">
            <figcaption className="border-b border-gray-200 px-4 py-2 font-mono text-xs text-gray-700 dark:border-gray-800 dark:text-gray-300">
              {file?.path}
            </figcaption>
            <pre
              data-testid="shared-code"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
              tabIndex={0}
              className="min-h-0 flex-1 overflow-auto focus-visible:outline-2 focus-visible:outline-indigo-500 bg-gray-50 p-4 font-mono text-xs leading-5 text-gray-900 dark:bg-gray-900 dark:text-gray-100"
            >
              <code>{file?.content}</code>
            </pre>
          </figure>
        )}
      </section>
    </div>
  );
}

/** The assembled site in the sandboxed preview host (an opaque origin: it cannot reach the app). */
function SharedPreview({ view }: { view: SharedView }) {
  const { t } = useTranslation('collaboration');
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const html = assemblePreview(view.files);
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { source?: string; type?: string } | null;
      if (event.source !== frame.current?.contentWindow || data?.source !== 'div-preview' || data.type !== 'host-ready') return;
      frame.current?.contentWindow?.postMessage({ source: 'div-editor', type: 'render', html }, '*');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [view.files]);
  return (
    <iframe
      ref={frame}
      title={t('view.preview')}
      src={PREVIEW_HOST_URL}
      sandbox={PREVIEW_SANDBOX}
      className="h-full min-h-[60vh] w-full border-0 bg-white"
    />
  );
}
