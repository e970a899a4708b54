import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layout's boundaries (architecture.md, "Layout") are enforced by eslint.config.js; these
// cases prove each rule fires where it should and stays quiet where the import is allowed.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal, `parse errors in ${filePath}`).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint boundaries', () => {
  it.each([
    ['apps/web/src/areas/mobile/x.tsx', "import { Button } from 'antd';"],
    ['apps/web/src/areas/public/x.tsx', "import Table from 'antd/es/table';"],
    ['apps/web/src/areas/mobile/x.tsx', "import { SearchOutlined } from '@ant-design/icons';"],
    ['apps/web/src/features/booking/x.ts', "import { Button } from 'antd';"],
    ['apps/web/src/components/x.tsx', "import { Button } from 'antd';"],
    ['apps/web/src/areas/pc/x.tsx', "import { Button } from 'antd-mobile';"],
    ['apps/web/src/areas/manage/x.tsx', "import { Toast } from 'antd-mobile/es/components/toast';"],
    ['apps/web/src/app/x.tsx', "import { Button } from 'antd-mobile';"],
    ['apps/web/src/features/booking/x.ts', "import { Button } from 'antd-mobile';"],
  ])('%s: %s is refused', async (file, code) => {
    expect(await restrictedImports(file, sample(code))).toHaveLength(1);
  });

  it.each([
    "import { paths } from '../../areas/pc/paths';",
    "import { paths } from '@/areas/mobile/paths';",
    "import { Page } from '../areas';",
  ])('features importing areas is refused: %s', async (code) => {
    const messages = await restrictedImports('apps/web/src/features/booking/api/x.ts', sample(code));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/areas/);
  });

  it.each([
    ['apps/web/src/areas/pc/x.tsx', "import { Button } from 'antd';"],
    ['apps/web/src/areas/manage/x.tsx', "import { SearchOutlined } from '@ant-design/icons';"],
    ['apps/web/src/areas/mobile/x.tsx', "import { Button } from 'antd-mobile';"],
    ['apps/web/src/areas/public/x.tsx', "import { Toast } from 'antd-mobile';"],
    ['apps/web/src/areas/pc/x.tsx', "import { paths } from '../mobile/paths';"],
    ['apps/web/src/features/booking/x.ts', "import { useQuery } from '@tanstack/react-query';"],
    ['apps/server/src/modules/booking/booking.repository.ts', "import { eq } from 'drizzle-orm';"],
    ['apps/server/src/modules/booking/booking.tables.ts', "import { pgTable } from 'drizzle-orm/pg-core';"],
    ['apps/server/src/db/client.ts', "import { sql } from 'drizzle-orm';"],
    ['apps/server/src/platform/audit/audit.ts', "import { sql } from 'drizzle-orm';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await restrictedImports(file, sample(code))).toEqual([]);
  });

  it.each([
    ['apps/server/src/modules/booking/booking.service.ts', "import { eq } from 'drizzle-orm';"],
    ['apps/server/src/modules/booking/booking.resolvers.ts', "import { sql } from 'drizzle-orm';"],
    ['apps/server/src/modules/booking/booking.rules.ts', "import { pgTable } from 'drizzle-orm/pg-core';"],
    ['apps/server/src/modules/booking/booking.service.ts', "import type { SQL } from 'drizzle-orm';"],
    [
      'apps/server/src/platform/auth/login.ts',
      "import { findUserById } from '../../modules/directory/directory.repository.ts';",
    ],
    ['apps/server/src/platform/files/files.service.ts', "import type { UserRow } from '../../modules/directory/x.ts';"],
  ])('%s: %s is refused', async (file, code) => {
    expect(await restrictedImports(file, sample(code))).toHaveLength(1);
  });

  it('lets the composition of modules (modules/identity.ts) and platform tests import modules', async () => {
    expect(
      await restrictedImports(
        'apps/server/src/modules/identity.ts',
        sample("import { listTenants } from './tenants/x.ts';"),
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'apps/server/src/platform/auth/x.test.ts',
        sample("import { insertUser } from '../../modules/directory/directory.repository.ts';"),
      ),
    ).toEqual([]);
  });
});

/** A module made of one import that uses its binding, so no other rule reports on it. */
function sample(importLine: string): string {
  const match = /^import (type )?(?:\{ )?(\w+)/.exec(importLine);
  if (!match?.[2]) throw new Error(`no binding in ${importLine}`);
  const use = match[1] ? `export type Used = ${match[2]};` : `export const used = [${match[2]}];`;
  return `${importLine}\n${use}\n`;
}
