import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace so CI reads a single summary.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
