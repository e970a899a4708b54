import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace so CI reads a single summary.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default is one worker per core but one; on CI's 2 cores that is a single worker,
    // while the server tests mostly wait on PostgreSQL: two workers take about 6 minutes instead of 9.
    maxWorkers: 2,
  },
});
