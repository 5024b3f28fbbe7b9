// The explorer's build: apps/web → dist/web, served by the API at `/` (apps/api's web-app middleware).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  build: {
    outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    emptyOutDir: true,
    // No inline module-preload polyfill: the served pages' CSP allows no inline script.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1200,
  },
  oxc: { jsx: { runtime: 'automatic' } },
  server: { proxy: { '/api': 'http://localhost:8080', '/health': 'http://localhost:8080' } },
});
