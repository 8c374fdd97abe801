import { assemblePreview } from '@div/site-engine/assemble';
import { completeHtml } from '@div/site-engine/complete-html';
import { useEffect, useMemo, useRef } from 'react';

/** What the editor shows while code streams: every file as it stands, partial ones included. */
export interface StreamView {
  files: Record<string, string>;
  /** The file being written right now. */
  writing: string | null;
}

/** Preview of a half-written site: open tags closed by site-engine, scripts not run until it is done. */
export function StreamingPreview({ view, title }: { view: StreamView; title: string }) {
  const doc = useMemo(() => {
    const files: Record<string, string> = {};
    for (const [path, content] of Object.entries(view.files))
      files[path] = /\.html?$/i.test(path) ? completeHtml(content) : content;
    return assemblePreview(files);
  }, [view]);
  return (
    <iframe title={title} data-testid="streaming-preview" sandbox="" srcDoc={doc} className="h-full w-full border-0 bg-white" />
  );
}

/** The active file's code while it streams, following the end of the text. */
export function StreamingCode({ path, content }: { path: string; content: string }) {
  const ref = useRef<HTMLPreElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the text as it grows
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [content]);
  return (
    <pre
      ref={ref}
      data-testid="streaming-code"
      data-path={path}
      aria-live="off"
      className="h-full overflow-auto bg-gray-50 p-3 font-mono text-xs leading-5 text-gray-800 dark:bg-gray-950 dark:text-gray-200"
    >
      {content}
    </pre>
  );
}
