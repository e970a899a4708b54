import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineProject({
  resolve: {
    // graphql ships CommonJS and ESM builds; Mercurius loads the CommonJS one, and types from
    // two copies cannot mix. Node (tsx) already picks CommonJS; make Vite do the same.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // with TEST_DATABASE_URL: one migrated template database that each test app's database copies
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
