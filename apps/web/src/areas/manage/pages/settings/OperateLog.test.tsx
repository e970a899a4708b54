import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import OperateLogPage, { filterOf } from './OperateLog.tsx';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());

const entry = {
  id: '11111111-1111-4111-8111-111111111111',
  operate_user_id: 'admin',
  operate_user_name: '管理员',
  id_address: '127.0.0.1',
  operate_module: 'settings',
  operate_type: 'save',
  operate_content: '{"sys_name":"x"}',
  operate_object: 'o',
  operate_time: '2026-03-01 08:00:00',
};

/** The server: records every findOperateLogAll's variables and answers 25 matching entries. */
function serve() {
  const calls: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push(body.variables);
      return new Response(
        JSON.stringify({
          data: {
            findOperateLogAll: { edges: [{ node: entry }], pageInfo: { hasNextPage: true }, totalCount: 25 },
          },
        }),
      );
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/manage/settings/operate-log']}>
        <App>
          <OperateLogPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('operate log screen', () => {
  it('loads the first page, then searches with the filters as findOperateLogAll variables', async () => {
    const calls = serve();
    renderPage();
    await screen.findByText('{"sys_name":"x"}');
    expect(calls[0]).toEqual({ first: 10, offset: 0, filter: {}, operateTime: [] });
    expect(screen.getByText('共 25 条')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('操作人'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('模块'), { target: { value: 'settings' } });
    fireEvent.change(screen.getByLabelText('操作类型'), { target: { value: 'delete' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    });
    await waitFor(() => expect(calls.length).toBeGreaterThan(1));
    expect(calls.at(-1)).toEqual({
      first: 10,
      offset: 0,
      filter: {
        operate_user_id: { like: 'admin' },
        operate_module: { eq: 'settings' },
        operate_type: { eq: 'delete' },
      },
      operateTime: [],
    });
  });

  it('turns the picked range into operateTime text', () => {
    const at = (text: string) => ({ format: () => text });
    expect(filterOf({ range: [at('2026-03-01 00:00:00'), at('2026-03-02 12:30:00')] })).toEqual({
      user: undefined,
      module: undefined,
      type: undefined,
      range: ['2026-03-01 00:00:00', '2026-03-02 12:30:00'],
    });
    expect(filterOf({ range: null }).range).toBeNull();
  });
});
