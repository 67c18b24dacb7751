import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The inspector is served by the API itself at /ui/ (packages/api-http/src/inspector-ui.ts): one
// page, hashed assets, nothing fetched from elsewhere (works offline).
export default defineConfig({
  root: here('.'),
  base: '/ui/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: here('../dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 200,
  },
});
