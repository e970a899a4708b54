import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built once with relative asset URLs: the server serves the app under any BASE_PATH and
// puts a matching <base href> into index.html, so one build fits every deployment.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: { main: 'index.html', 'silent-renew': 'silent-renew.html' },
    },
  },
  server: {
    proxy: {
      '/bus': 'http://localhost:3000',
      '/sso': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
    },
  },
});
