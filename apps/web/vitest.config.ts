import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // One jsdom window per worker, node_modules imported once per worker: each file no longer
    // pays for a new environment and a new import of antd and React (most of a file's time).
    // src/testing/setup.ts puts the window back and forgets the project's modules after each file.
    isolate: false,
    server: {
      deps: {
        // Evaluated again for each file with the project's modules, as their state must not
        // pass from file to file: i18next holds the language and the loaded texts, and
        // fake-indexeddb/auto its databases and the globals it sets on import (and idb keeps
        // the IndexedDB classes it first met).
        inline: ['i18next', 'react-i18next', 'fake-indexeddb', 'idb'],
      },
    },
    // antd forms under jsdom are slow on a busy 2-core machine; a hang still fails.
    testTimeout: 20_000,
  },
});
