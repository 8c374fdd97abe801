/** File-path recognition shared by the parser and the project helpers. */

const PATH_PATTERN = /^[A-Za-z0-9_][\w.-]*(?:\/[\w.-]+)*\.[A-Za-z0-9]{1,12}$/;
const FILENAME_IN_TEXT =
  /(?:^|[\s`'"*([:=])((?:[\w-]+\/)*[\w-]+\.(?:html?|css|m?js|json|svg|txt|md|xml|webmanifest))(?=$|[\s`'"*)\],.:;!?])/gi;

/** A safe project path (no `..`, no leading slash) or null. */
export function normalizePath(raw: string): string | null {
  let path = raw.trim().replace(/^["'`]+|["'`]+$/g, '');
  while (path.startsWith('./')) path = path.slice(2);
  path = path.replace(/^\/+/, '');
  if (!PATH_PATTERN.test(path)) return null;
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  return path;
}

/** A line that is nothing but a file path, possibly decorated as models do (`**index.html**`, `### File: a.css`). */
export function bareLinePath(line: string): string | null {
  let text = line.trim();
  if (text === '' || text.length > 200) return null;
  text = text.replace(/^<!--\s*(.*?)\s*-->$/, '$1').replace(/^(?:\/\/|\/\*|#+|[-*]\s)\s*/, '');
  text = text.replace(/\s*\*\/$/, '');
  text = text.replace(/^[*_`"']+|[*_`"']+$/g, '').trim();
  text = text.replace(/^(?:file(?:name)?|path|archivo|fichero)\s*:\s*/i, '');
  text = text.replace(/:$/, '').replace(/^[*_`"']+|[*_`"']+$/g, '');
  return normalizePath(text);
}

/** The last file name mentioned in a line of prose ("Here is the updated `style.css`:"). */
export function lastFilenameIn(line: string): string | null {
  let found: string | null = null;
  for (const match of line.matchAll(FILENAME_IN_TEXT)) {
    const path = normalizePath(match[1] ?? '');
    if (path) found = path;
  }
  return found;
}

export function extensionOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash ? path.slice(dot + 1).toLowerCase() : '';
}

const LANG_EXTENSIONS: Record<string, readonly string[]> = {
  html: ['html', 'htm'],
  htm: ['html', 'htm'],
  xhtml: ['html', 'htm'],
  css: ['css'],
  js: ['js', 'mjs'],
  javascript: ['js', 'mjs'],
  mjs: ['js', 'mjs'],
};

const LANG_DEFAULT_PATH: Record<string, string> = {
  html: 'index.html',
  htm: 'index.html',
  xhtml: 'index.html',
  css: 'style.css',
  js: 'script.js',
  javascript: 'script.js',
  mjs: 'script.js',
};

/** Whether a fence language fits a path (an unknown or empty language fits anything). */
export function languageFitsPath(language: string, path: string): boolean {
  const exts = LANG_EXTENSIONS[language.toLowerCase()];
  return !exts || exts.includes(extensionOf(path));
}

/** The project file a fence of this language means when it names none. */
export function defaultPathForLanguage(language: string): string | null {
  return LANG_DEFAULT_PATH[language.toLowerCase()] ?? null;
}
