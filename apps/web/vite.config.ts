import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    // The API (npm run dev -w @evmap/api) listens on 3000; the browser talks to one origin, as in production.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
