import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // The login page budget (200 KB gzip in total) is checked after each build.
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/api': API,
      '/forgot-password': { target: API, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/public-api': API,
    },
  },
});
