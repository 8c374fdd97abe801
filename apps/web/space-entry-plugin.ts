import type { Plugin } from 'vite';

/** Where the stored session lives: STORAGE_KEYS.session of @div/shared/constants (a test keeps them equal). */
export const SESSION_STORAGE_KEY = 'div_user_session';

/**
 * Runs in the head of space.html, before the app's code has even been requested: a space opened
 * directly (a bookmark, a reload) sends the session check and the space request at once. The editor's
 * early requests (src/features/editor/api/early-requests.ts) adopt these answers instead of sending
 * the requests again; an absent, malformed or expired session sends nothing, as the app would.
 */
export function spaceBootSource(): string {
  return `(function () {
  try {
    var match = /^\\/space\\/([^/]+)\\/?$/.exec(location.pathname);
    var session = match && JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}) || 'null');
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

/**
 * Writes space.html, the page the server answers for /space/{id}: index.html plus a tiny boot script
 * that starts the editor's two requests while the entry is still downloading. Opened directly (a
 * bookmark, a reload), the space then comes back two round trips sooner: it no longer waits for the
 * entry and a chunk of its own to load and run (ADR 0064). Client-side navigation is unchanged.
 * No modulepreload of the editor's chunks: over HTTP/1.1 (six connections per host) two dozen
 * preloads queued the API requests behind them and made the open slower on the benchmark.
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
      const boot = this.getFileName(this.emitFile({ type: 'asset', name: 'space-boot.js', source: spaceBootSource() }));
      // Right after the theme script: a classic script runs before the deferred module entry.
      const source = html.replace(
        '<script src="/theme-init.js"></script>',
        (tag) => `${tag}\n    <script src="/${boot}"></script>`,
      );
      if (source === html) throw new Error('space-entry: no theme-init script in index.html');
      this.emitFile({ type: 'asset', fileName: 'space.html', source });
    },
  };
}
