import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildInfoPlugin } from './build-info-plugin';
import { precompressPlugin } from './compress-plugin';
import { spaceEntryPlugin } from './space-entry-plugin';

/**
 * React Router ships one module for all its modes. This app uses only the declarative router
 * (`app/router.tsx`: no data router, no framework mode), so in the production build:
 * - top-level `React.forwardRef/createContext/memo` calls are marked pure and `X.displayName = ...`
 *   lines (devtools labels) dropped, so unused components (Form, data-router contexts) tree-shake;
 * - `<Link>` never renders `<PrefetchPageLinks>` nor runs `usePrefetchBehavior` (framework mode's
 *   route-manifest prefetching, inert without the framework context; no link here sets `prefetch`);
 * - the route error boundary that only a data router renders (`dataRouterState && ...`) is cut.
 * Each edit must match exactly once in the module that defines it, or the build fails: an upgrade
 * of React Router is then checked by hand (ADR 0131). Unit tests (Vitest) use the library as is.
 */
const reactRouterEdits: { find: RegExp; replace: string; marker: string }[] = [
  {
    marker: 'var Link = ',
    find: /(?:\/\* @__PURE__ \*\/ )?React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/g,
    replace: 'null',
  },
  {
    marker: 'var Link = ',
    find: /usePrefetchBehavior\(\s*prefetch,\s*rest\s*\)/g,
    replace: '[false, void 0, {}]',
  },
  {
    marker: 'function _renderMatches',
    find: /return dataRouterState && \(match\.route\.ErrorBoundary/g,
    replace: 'return false && (match.route.ErrorBoundary',
  },
  {
    marker: 'function _renderMatches',
    find: /errorElement = match\.route\.errorElement \|\| defaultErrorElement;/g,
    replace: 'errorElement = match.route.errorElement;',
  },
  { marker: 'var RenderErrorBoundary = ', find: /^RenderErrorBoundary\.contextType = RSCRouterContext;$/gm, replace: '' },
];

function treeShakeReactRouter(): Plugin {
  return {
    name: 'div-tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules\/react-router\/dist\/.*\.mjs$/.test(id)) return null;
      let shaken = code
        .replace(/= (React\d*\.(?:forwardRef|createContext|memo)\()/g, '= /* @__PURE__ */ $1')
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '');
      for (const edit of reactRouterEdits) {
        if (!code.includes(edit.marker)) continue;
        const matches = shaken.match(edit.find)?.length ?? 0;
        if (matches !== 1) throw new Error(`react-router build edit ${edit.find} matched ${matches} times in ${id}`);
        shaken = shaken.replace(edit.find, edit.replace);
      }
      return { code: shaken, map: null };
    },
  };
}

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [treeShakeReactRouter(), react(), tailwindcss(), buildInfoPlugin(), spaceEntryPlugin(), precompressPlugin()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, ws: true }, '/v1': apiTarget, '/local': apiTarget },
  },
  // Every browser that runs this app supports <link rel="modulepreload">: no polyfill in the entry.
  // Shared chunks (not a screen or section of their own) are named by their hash alone: the entry
  // lists every chunk's file name for preloading, and their module names cost ~0.4 KB gzipped of
  // the home page's JS (ADR 0131). Lazy screens and sections keep their names.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: { chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/c-[hash].js') },
    },
  },
});
