import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildInfoPlugin } from './build-info-plugin';
import { precompressPlugin } from './compress-plugin';

/**
 * React Router's bundle creates its components and contexts with unannotated top-level calls
 * (`React.forwardRef(...)`, `React.createContext(...)`) followed by `X.displayName = ...`, which keeps
 * unused parts (Form, the data-router and framework contexts) in the home page's initial JavaScript.
 * In the build, mark those calls pure and drop the display names (devtools labels only); ADR 0132.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'div-tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules\/react-router\/dist\/.*\.mjs$/.test(id)) return null;
      const shaken = code
        .replace(/= (React\d*\.(?:forwardRef|createContext|memo)\()/g, '= /* @__PURE__ */ $1')
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '');
      return { code: shaken, map: null };
    },
  };
}

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [treeShakeReactRouter(), react(), tailwindcss(), buildInfoPlugin(), precompressPlugin()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/v1': apiTarget, '/local': apiTarget },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
