import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** Where the stored session lives: STORAGE_KEYS.session of @div/shared/constants (a test keeps them equal). */
export const SESSION_STORAGE_KEY = 'div_user_session';

/** The modules the editor route needs before it is interactive (see `loadEditor` in src/app/router.tsx). */
const EDITOR_ROUTE_MODULES = ['/src/features/editor/editor-page.tsx', '/src/app/require-auth.tsx', '/src/app/query-provider.tsx'];

/**
 * Runs in the head of space.html, before the app's code has even been requested: a space opened
 * directly (a bookmark, a reload) sends the session check and the space request at once. The app
 * adopts these answers (src/lib/early-requests.ts) instead of sending the requests again; an
 * absent, malformed or expired session sends nothing, as the app would.
 */
export function spaceBootSource(sessionKey = SESSION_STORAGE_KEY): string {
  return `(function () {
  try {
    var match = /^\\/space\\/([^/]+)\\/?$/.exec(location.pathname);
    var session = match && JSON.parse(localStorage.getItem(${JSON.stringify(sessionKey)}) || 'null');
    if (!session || typeof session.token !== 'string' || !(session.expiresAt > Date.now())) return;
    var headers = { authorization: 'Bearer ' + session.token };
    var early = {};
    var start = function (path, init) {
      var response = fetch(path, init);
      response.catch(function () {});
      early[path] = { token: session.token, response: response };
    };
    start('/api/auth/verify', { headers: headers, credentials: 'include' });
    start('/api/spaces/' + encodeURIComponent(decodeURIComponent(match[1])), { headers: headers });
    window.__divEarlyRequests = early;
  } catch (e) {}
})();
`;
}

/** The chunks a set of entry chunks import statically, themselves included, in load order. */
function staticClosure(bundle: OutputBundle, roots: OutputChunk[]): string[] {
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  for (const root of roots) visit(root);
  return [...seen];
}

/**
 * Writes space.html, the page the server answers for /space/{id}: index.html plus
 * `<link rel="modulepreload">` for every chunk of the editor route and a tiny boot script that starts
 * the editor's two requests. Opened directly, the editor's code and data then download while the
 * entry is still loading instead of after it has run (ADR 0064). Client-side navigation is unchanged.
 */
export function spaceEntryPlugin(): Plugin {
  return {
    name: 'div-space-entry',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('space-entry: index.html is not in the bundle');
      const html = String(index.source);
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const roots = EDITOR_ROUTE_MODULES.map((suffix) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
        if (!chunk) throw new Error(`space-entry: no chunk for ${suffix}`);
        return chunk;
      });
      const preloads = staticClosure(bundle, roots).filter((file) => !html.includes(`/${file}"`));
      const boot = this.getFileName(this.emitFile({ type: 'asset', name: 'space-boot.js', source: spaceBootSource() }));
      const tags = [
        `<script src="/${boot}"></script>`,
        ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ].join('\n    ');
      this.emitFile({ type: 'asset', fileName: 'space.html', source: html.replace(/\n\s*<\/head>/, `\n    ${tags}\n  </head>`) });
    },
  };
}
