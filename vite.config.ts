import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./web'),
  plugins: [tailwindcss()],
  resolve: { alias: { '@': here('./web/src'), '@core': here('./core') } },
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // Libraries' "use client" directives mean nothing in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/ws': { target: 'ws://127.0.0.1:5000', ws: true },
    },
  },
});
