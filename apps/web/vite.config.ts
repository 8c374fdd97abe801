import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildInfoPlugin } from './build-info-plugin';
import { precompressPlugin } from './compress-plugin';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), buildInfoPlugin(), precompressPlugin()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/v1': apiTarget, '/local': apiTarget },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
