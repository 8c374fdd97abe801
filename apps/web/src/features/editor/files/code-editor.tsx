import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  Decoration,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { memo, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { darkGutters, darkHighlight, lightHighlight, updatedLineTheme } from './code-colours';
import { leaveKeys, useTabIndents } from './tab-keys';

/**
 * Language support loads on demand so the editor route ships only what a file needs. Each kind is
 * built once: the same extension on a tab switch keeps the state's syntax tree (no reparse).
 */
const languageLoaders: Record<string, () => Promise<Extension>> = {
  html: () => import('@codemirror/lang-html').then((module) => module.html()),
  css: () => import('@codemirror/lang-css').then((module) => module.css()),
  javascript: () => import('@codemirror/lang-javascript').then((module) => module.javascript()),
};
const languages = new Map<string, Promise<Extension>>();
function loadLanguage(kind: string): Promise<Extension> | null {
  const loader = languageLoaders[kind];
  if (!loader) return null;
  let loading = languages.get(kind);
  if (!loading) {
    loading = loader();
    languages.set(kind, loading);
    // A failed download is tried again on the next file switch.
    loading.catch(() => languages.delete(kind));
  }
  return loading;
}

export function languageOfPath(path: string) {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'html' || ext === 'htm') return 'html';
  if (ext === 'css') return 'css';
  if (ext === 'js' || ext === 'mjs') return 'javascript';
  return 'plaintext';
}

/**
 * A lean setup instead of `basicSetup` (which adds autocompletion, lint and search): it keeps the
 * editor route under its 300 KB gzipped budget (ADR 0061).
 */
const common: Extension = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  drawSelection(),
  indentOnInput(),
  syntaxHighlighting(lightHighlight, { fallback: true }),
  bracketMatching(),
  highlightActiveLine(),
  // The code is a tab stop of its own, editable or read only, so its scrolling area is reached and
  // scrolled by keyboard (a contenteditable without tabindex is not one for every tool, nor read only).
  EditorView.contentAttributes.of({ tabindex: '0' }),
];
// Without indentWithTab: Tab moves focus unless the person turns on "Tab indenta" (tab-keys.ts).
const setup: Extension = [common, history(), keymap.of([...defaultKeymap, ...historyKeymap])];
/** Edited together, undo is the shared document's (each person undoes only their own edits). */
const sharedSetup: Extension = [common, keymap.of(defaultKeymap)];
const tabIndenting = keymap.of([indentWithTab]);

/** A file of a space edited together (ADR 0213): its shared text now and its CodeMirror binding. */
export interface SharedFile {
  content: string;
  extension: Extension;
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
});

interface Props {
  path: string;
  content: string;
  /** Changes when the files were replaced from outside (restore, reset, reload): states are rebuilt. */
  generation: number;
  dark: boolean;
  onChange: (path: string, content: string) => void;
  /** Line ranges (1-based, inclusive) the last AI generation changed in this file. */
  highlight?: readonly (readonly [number, number])[] | undefined;
  /**
   * True while the preview loads for the first time: language support (its download, grammar set-up
   * and parsing) waits, so the main thread is free to hand the preview its document (ADR 0064).
   */
  syntaxDeferred?: boolean;
  /** A viewer of a shared space reads the code and cannot change it. */
  readOnly?: boolean;
  /** Edited together: each file's shared text and binding (its state is built from it on every switch). */
  shared?: ((path: string) => SharedFile | null) | undefined;
  /** A line to show and put the cursor on (a Revisión finding); a new `nonce` jumps again. */
  goTo?: { line: number; nonce: number } | undefined;
}

/** Marks the lines the AI changed (they stay marked until the files are replaced again). */
function highlightLines(ranges: readonly (readonly [number, number])[]) {
  return EditorView.decorations.of((view) => {
    const marks = [];
    const total = view.state.doc.lines;
    for (const [from, to] of ranges) {
      for (let n = Math.max(1, from); n <= Math.min(to, total); n++) marks.push(updatedLine.range(view.state.doc.line(n).from));
    }
    return Decoration.set(marks, true);
  });
}
const updatedLine = Decoration.line({ class: 'cm-div-updated', attributes: { 'data-updated': 'true' } });

const readOnlyAccess: Extension = [EditorState.readOnly.of(true), EditorView.editable.of(false)];
const accessFor = (readOnly: boolean): Extension => (readOnly ? readOnlyAccess : []);

/** The dark theme (One Dark's editor colours, with readable code colours) loads only in dark mode. */
let oneDarkTheme: Extension | null = null;
function loadOneDark() {
  return import('@codemirror/theme-one-dark').then((module) => {
    oneDarkTheme = [module.oneDarkTheme, darkGutters, syntaxHighlighting(darkHighlight)];
  });
}
const plainLight = EditorView.theme({}, { dark: false });
const plainDark = EditorView.theme({}, { dark: true });
function appearanceFor(dark: boolean): Extension {
  if (!dark) return plainLight;
  return oneDarkTheme ?? plainDark;
}

/** CodeMirror 6 with one EditorState per file, so each tab keeps its own undo history and cursor. */
export const CodeEditor = memo(function CodeEditor({
  path,
  content,
  generation,
  dark,
  onChange,
  highlight,
  syntaxDeferred = false,
  readOnly = false,
  shared,
  goTo,
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const states = useRef(new Map<string, EditorState>());
  const language = useRef(new Compartment());
  const appearance = useRef(new Compartment());
  const marks = useRef(new Compartment());
  const access = useRef(new Compartment());
  const tabs = useRef(new Compartment());
  const [tabIndents, setTabIndents] = useTabIndents();
  const hintId = useId();
  const { t } = useTranslation('editor');
  const current = useRef({ path, onChange, shared });
  current.current = { path, onChange, shared };
  const initialContent = useRef(content);
  initialContent.current = content;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation drops every state
  useEffect(() => {
    states.current.clear();
  }, [generation]);

  useEffect(
    () => () => {
      view.current?.destroy();
      view.current = null;
    },
    [],
  );

  // The view is created with the first file's state (one set-up of its plugins and DOM, ADR 0064);
  // a file switch or a new generation then swaps the state in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: switch file or generation; content is read once
  useEffect(() => {
    if (!host.current) return;
    // A shared file's kept state would miss what others typed meanwhile: it starts from the shared text.
    const bound = current.current.shared?.(path) ?? null;
    let state = bound ? undefined : states.current.get(path);
    if (!state) {
      state = EditorState.create({
        doc: bound ? bound.content : initialContent.current,
        extensions: [
          bound ? [sharedSetup, bound.extension] : setup,
          theme,
          language.current.of([]),
          appearance.current.of(appearanceFor(dark)),
          updatedLineTheme,
          marks.current.of([]),
          access.current.of(accessFor(readOnly)),
          tabs.current.of(tabIndents ? tabIndenting : []),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) current.current.onChange(current.current.path, update.state.doc.toString());
          }),
          EditorView.contentAttributes.of({ 'aria-label': `Código de ${path}`, 'aria-describedby': hintId }),
        ],
      });
    }
    let editor = view.current;
    if (editor) editor.setState(state);
    else {
      editor = new EditorView({ state, parent: host.current });
      view.current = editor;
    }
    return () => {
      states.current.set(path, editor.state);
    };
  }, [path, generation]);

  // Syntax highlighting for the shown file (after the state above is in place).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file or a new state needs its language
  useEffect(() => {
    const editor = view.current;
    if (!editor || syntaxDeferred) return;
    let cancelled = false;
    loadLanguage(languageOfPath(path))?.then(
      (extension) => {
        if (!cancelled && view.current === editor && language.current.get(editor.state) !== extension) {
          editor.dispatch({ effects: language.current.reconfigure(extension) });
        }
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [path, generation, syntaxDeferred]);

  // Also on a file switch: a state kept from before a theme change gets the current appearance.
  // biome-ignore lint/correctness/useExhaustiveDependencies: path and generation bring another state
  useEffect(() => {
    let cancelled = false;
    const apply = () => {
      // Only when it differs: every dispatch re-reads the DOM selection, which forces a layout
      // (costly while the editor first mounts; ADR 0064).
      const editor = view.current;
      const wanted = appearanceFor(dark);
      if (editor && appearance.current.get(editor.state) !== wanted) {
        editor.dispatch({ effects: appearance.current.reconfigure(wanted) });
      }
    };
    if (dark && !oneDarkTheme) {
      void loadOneDark().then(() => {
        if (!cancelled) apply();
      });
    } else apply();
    return () => {
      cancelled = true;
    };
  }, [dark, path, generation]);

  // A role that changes while the space is open (the owner made a viewer an editor) applies at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: path and generation bring another state
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.readOnly !== readOnly)
      editor.dispatch({ effects: access.current.reconfigure(accessFor(readOnly)) });
  }, [readOnly, path, generation]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: path and generation bring another state
  useEffect(() => {
    const editor = view.current;
    const wanted = tabIndents ? tabIndenting : [];
    if (editor && tabs.current.get(editor.state) !== wanted) editor.dispatch({ effects: tabs.current.reconfigure(wanted) });
  }, [tabIndents, path, generation]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply when the file or the files change
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const shown = marks.current.get(editor.state);
    if (!highlight?.length && Array.isArray(shown) && shown.length === 0) return;
    editor.dispatch({ effects: marks.current.reconfigure(highlight?.length ? highlightLines(highlight) : []) });
  }, [highlight, path, generation]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new nonce (or file) jumps again
  useEffect(() => {
    const editor = view.current;
    if (!editor || !goTo) return;
    const line = editor.state.doc.line(Math.min(Math.max(1, goTo.line), editor.state.doc.lines));
    editor.dispatch({ selection: { anchor: line.from }, effects: EditorView.scrollIntoView(line.from, { y: 'center' }) });
    editor.focus();
  }, [goTo?.nonce, path]);

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="code-editor" data-path={path}>
      <div ref={host} className="min-h-0 flex-1 overflow-hidden" />
      <div className="flex shrink-0 items-center gap-3 border-gray-200 border-t px-3 py-1 text-gray-600 text-xs dark:border-gray-800 dark:text-gray-300">
        <p
          id={hintId}
          className="min-w-0 flex-1 truncate"
          title={tabIndents ? t('tabKeys.indents', { keys: leaveKeys() }) : t('tabKeys.moves')}
        >
          {tabIndents ? t('tabKeys.indents', { keys: leaveKeys() }) : t('tabKeys.moves')}
        </p>
        {!readOnly && (
          <label className="flex shrink-0 cursor-pointer items-center gap-1.5">
            <input
              type="checkbox"
              role="switch"
              aria-checked={tabIndents}
              checked={tabIndents}
              onChange={(event) => setTabIndents(event.target.checked)}
              className="accent-indigo-600"
            />
            {t('tabKeys.toggle')}
          </label>
        )}
      </div>
    </div>
  );
});
