import { assemblePreview } from '@div/site-engine/assemble';
import { completeHtml } from '@div/site-engine/complete-html';
import { withoutScripts } from '@div/site-engine/without-scripts';
import { useEffect, useMemo, useRef, useState } from 'react';

/** What the editor shows while code streams: every file as it stands, partial ones included. */
export interface StreamView {
  files: Record<string, string>;
  /** The file being written right now. */
  writing: string | null;
}

/** The page being written: index.html, else the first HTML file. */
function pageOf(files: Record<string, string>): string | undefined {
  return files['index.html'] ?? Object.entries(files).find(([path]) => /\.html?$/i.test(path))?.[1];
}

/**
 * Whether the half-written page's styles are known: its <head> is complete (so every stylesheet it
 * links, and its inline <style>, has been written) and each local stylesheet it links has been
 * written whole (it is not the file streaming now: files stream one after another). A stylesheet
 * that has only begun holds its variables and resets but not the rules for links, lists and images,
 * so a paint then would be half-styled (issue 22); none is shown until the styles are whole.
 */
export function stylesKnown(files: Record<string, string>, writing: string | null = null): boolean {
  const html = pageOf(files);
  if (html === undefined) return false;
  const head = html.match(/^[\s\S]*?(?:<\/head\s*>|<body[\s>])/i)?.[0];
  if (!head) return false;
  for (const link of head.matchAll(/<link\b[^>]*>/gi)) {
    const tag = link[0];
    if (!/\brel=["']?stylesheet/i.test(tag)) continue;
    // A stylesheet of typefaces only (the composer's fonts.css, ADR 0251, streamed last): the page
    // paints in its fallback faces meanwhile, as a browser's font-display: swap would.
    if (/\sdata-fonts\b/i.test(tag)) continue;
    const href = tag.match(/\bhref=["']?([^"'\s>]+)/i)?.[1] ?? '';
    if (/^(?:[a-z]+:)?\/\//i.test(href) || href.startsWith('data:')) continue;
    const path = href.replace(/^\.?\//, '').replace(/[?#].*$/, '');
    if (!files[path]?.trim() || path === writing) return false;
  }
  return true;
}

/**
 * The half-written page as the streaming frame shows it, or null while its styles are not known.
 * Its scripts are left out: they run only once the site is done, and a sandboxed frame would log
 * each one it blocks as an error in the console.
 */
export function streamingDocument(view: StreamView): string | null {
  if (!stylesKnown(view.files, view.writing)) return null;
  const files: Record<string, string> = {};
  for (const [path, content] of Object.entries(view.files))
    files[path] = /\.html?$/i.test(path) ? completeHtml(content) : content;
  return withoutScripts(assemblePreview(files));
}

/**
 * Preview of a half-written site: open tags closed by site-engine, scripts not run until it is done.
 * Nothing is painted before the page's styles are known, and two frames take turns: the next
 * document loads in the hidden one, which is shown once it has loaded, so no frame is ever blank.
 */
export function StreamingPreview({ view, title }: { view: StreamView; title: string }) {
  const doc = useMemo(() => streamingDocument(view), [view]);
  const [frames, setFrames] = useState<{ docs: [string | null, string | null]; shown: 0 | 1 | null }>({
    docs: [null, null],
    shown: null,
  });
  useEffect(() => {
    if (doc === null) return;
    setFrames((current) => {
      const hidden = current.shown === 0 ? 1 : 0;
      if (current.docs[hidden] === doc || (current.shown !== null && current.docs[current.shown] === doc)) return current;
      const docs: [string | null, string | null] = [...current.docs];
      docs[hidden] = doc;
      return { ...current, docs };
    });
  }, [doc]);
  const loaded = (index: 0 | 1) => setFrames((current) => (index === current.shown ? current : { ...current, shown: index }));
  return (
    <div className="relative h-full w-full">
      {([0, 1] as const).map((index) => {
        const shown = index === frames.shown;
        const html = frames.docs[index];
        if (html === null) return null;
        return (
          <iframe
            key={index}
            title={shown ? title : undefined}
            aria-hidden={shown ? undefined : true}
            tabIndex={shown ? undefined : -1}
            data-testid={shown ? 'streaming-preview' : 'streaming-preview-next'}
            sandbox=""
            srcDoc={html}
            onLoad={() => loaded(index)}
            className="absolute inset-0 h-full w-full border-0 bg-white"
            style={shown ? undefined : { visibility: 'hidden' }}
          />
        );
      })}
    </div>
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
