import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// Entry points follow electron-vite's defaults: src/main/index.ts, src/preload/index.ts, src/renderer/index.html.
export default defineConfig({
  main: {},
  preload: {
    build: {
      // A sandboxed preload cannot load ES modules, so it ships as CommonJS.
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    plugins: [react()],
    // electron-vite leaves bundles unminified by default; the renderer is also served to browsers over HTTP.
    build: { minify: true },
  },
});
