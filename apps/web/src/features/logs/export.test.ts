import { afterEach, describe, expect, it, vi } from 'vitest';
import { findAllOperateLogs, operateLogExportColumns } from './export.ts';

afterEach(() => vi.unstubAllGlobals());

const entry = (i: number) => ({
  id: `id-${i}`,
  operate_user_id: 'admin',
  operate_user_name: '管理员',
  id_address: '127.0.0.1',
  operate_module: 'notice',
  operate_type: 'updateState',
  operate_content: `公告状态 0 -> 1: 通知${i}`,
  operate_object: `n-${i}`,
  operate_time: '2026-03-01 08:00:00',
});

describe('operate log export', () => {
  it('reads every page of the search at the largest size', async () => {
    const offsets: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const { variables } = JSON.parse(String(init?.body)) as { variables: { first: number; offset: number } };
        offsets.push(variables.offset);
        const count = Math.max(0, Math.min(variables.first, 250 - variables.offset));
        const edges = Array.from({ length: count }, (_, i) => ({ node: entry(variables.offset + i) }));
        return new Response(
          JSON.stringify({
            data: {
              findOperateLogAll: {
                edges,
                pageInfo: { hasNextPage: variables.offset + count < 250 },
                totalCount: 250,
              },
            },
          }),
        );
      }),
    );
    const progress: number[] = [];
    const found = await findAllOperateLogs({ filter: {}, operateTime: [] }, (read) => progress.push(read));
    expect(offsets).toEqual([0, 200]);
    expect(progress).toEqual([200, 250]);
    expect(found.total).toBe(250);
    expect(found.rows.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => `id-${i}`));
  });

  it.each([
    ['zh', '公告', '修改状态'],
    ['en', 'Notices', 'Change state'],
  ] as const)('in %s: module and action in words, their codes beside them', (lang, module, action) => {
    const columns = operateLogExportColumns((key) => key, lang);
    const row = Object.fromEntries(columns.map((c) => [c.header, c.value(entry(1))]));
    expect(row['settingsAdmin.log.module']).toBe(module);
    expect(row['settingsAdmin.log.moduleCode']).toBe('notice');
    expect(row['settingsAdmin.log.type']).toBe(action);
    expect(row['settingsAdmin.log.typeCode']).toBe('updateState');
    expect(row['settingsAdmin.log.content']).toBe('公告状态 0 -> 1: 通知1');
  });
});
