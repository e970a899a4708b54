// Flat ESLint config. Lint runs without type information: TypeScript 7 (tsgo) has no compiler
// API, so typescript-eslint's non-type-aware `recommended` set is the one that can run here.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Boundary rules (docs: architecture.md, "Layout"). `no-restricted-imports` takes one option
// object per file, so each glob below gets the full list of restrictions that apply to it.
const antd = {
  paths: [{ name: 'antd', message: 'antd is for apps/web/src/areas/pc and areas/manage only.' }],
  patterns: [
    { group: ['antd/*', '@ant-design/*'], message: 'antd is for apps/web/src/areas/pc and areas/manage only.' },
  ],
};
const antdMobile = {
  paths: [{ name: 'antd-mobile', message: 'antd-mobile is for apps/web/src/areas/mobile and areas/public only.' }],
  patterns: [
    { group: ['antd-mobile/*'], message: 'antd-mobile is for apps/web/src/areas/mobile and areas/public only.' },
  ],
};
const areas = {
  paths: [],
  patterns: [
    {
      // `@/areas/x`, `../areas/x`, `../../areas`, `src/areas/x`: any path segment named `areas`.
      regex: '(^|/)areas(/|$)',
      message: 'features/ hold data and logic without a UI kit; they must not import from areas/.',
    },
  ],
};
const drizzle = {
  paths: [{ name: 'drizzle-orm', message: 'Only *.repository.ts, *.tables.ts, db/ and platform/ touch Drizzle.' }],
  patterns: [
    { group: ['drizzle-orm/*'], message: 'Only *.repository.ts, *.tables.ts, db/ and platform/ touch Drizzle.' },
  ],
};

const modules = {
  paths: [],
  patterns: [
    {
      regex: '(^|/)modules(/|$)',
      message:
        'platform/ sits below the modules and imports none: declare a port the modules implement (e.g. platform/auth/identity.ts).',
    },
  ],
};

/** One `no-restricted-imports` setting made of several restriction sets. */
function restrict(...sets) {
  return [
    'error',
    {
      paths: sets.flatMap((s) => s.paths),
      patterns: sets.flatMap((s) => s.patterns),
    },
  ];
}

const web = 'apps/web/src';
const pcManage = [`${web}/areas/pc/**`, `${web}/areas/manage/**`];
const mobilePublic = [`${web}/areas/mobile/**`, `${web}/areas/public/**`];
const features = [`${web}/features/**`];

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    'data/',
    '**/data/',
    'apps/server/migrations/',
    // Scratch space, git-ignored.
    'tmp/',
    '**/*.graphql',
    // graphql-codegen output (`npm run schema:print`); its helper types use `any` by design.
    'apps/server/src/platform/graphql/generated/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: [`${web}/**`],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Browser tests: Node scripts with functions that run in the page, and the test host portal.
  {
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },

  // Web app: which UI kit where, and features/ independent of areas/.
  {
    files: [`${web}/**`],
    ignores: [...pcManage, ...mobilePublic, ...features],
    rules: { 'no-restricted-imports': restrict(antd, antdMobile) },
  },
  { files: pcManage, rules: { 'no-restricted-imports': restrict(antdMobile) } },
  { files: mobilePublic, rules: { 'no-restricted-imports': restrict(antd) } },
  { files: features, rules: { 'no-restricted-imports': restrict(antd, antdMobile, areas) } },

  // Server: resolvers, services and rules reach the database only through repositories.
  {
    files: ['apps/server/src/modules/**/*.{resolvers,service,rules}.ts'],
    rules: { 'no-restricted-imports': restrict(drizzle) },
  },

  // Server: platform/ below the modules. print.ts assembles every module's schema (a build step)
  // and tenancy.ts reads the tenants table every request resolves through (not yet a port).
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: [
      'apps/server/src/platform/**/*.test.ts',
      'apps/server/src/platform/graphql/print.ts',
      'apps/server/src/platform/tenancy.ts',
    ],
    rules: { 'no-restricted-imports': restrict(modules) },
  },
]);
