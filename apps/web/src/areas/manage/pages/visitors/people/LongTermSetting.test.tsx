import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { summariseByPersonType } from '../../../../../features/visitors-admin/people/longTermAuthoritativeTriples.ts';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import LongTermSettingPage from './LongTermSetting.tsx';
import LongTermSettingDetailPage from './LongTermSettingDetail.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = { is_enable: 1, valid_from: '2030-01-01', valid_to: '2030-12-31', user_display_name: '' };
const triples = [
  {
    ...base,
    id: 'a:1',
    long_term_id: 'a',
    person_type: '外包',
    user_name: '赵外包',
    authorised: true,
    dept_name: '后勤处',
    dept_code: 'hq',
    post_name: '保洁',
    post_code: 'bj',
    user_account: 'zhao',
    user_display_name: '赵一',
    code: 'hq|bj|zhao',
  },
  {
    ...base,
    id: 'a:2',
    long_term_id: 'a',
    person_type: '外包',
    user_name: '赵外包',
    authorised: true,
    dept_name: '后勤处',
    dept_code: 'hq',
    post_name: '绿化',
    post_code: 'lh',
    user_account: 'zhao',
    code: 'hq|lh|zhao',
  },
  {
    ...base,
    id: 'b:none',
    long_term_id: 'b',
    person_type: '外包',
    user_name: '钱外包',
    is_enable: 0,
    authorised: false,
    dept_name: '',
    dept_code: '',
    post_name: '',
    post_code: '',
    user_account: '',
    code: '',
  },
  {
    ...base,
    id: 'c:none',
    long_term_id: 'c',
    person_type: '家长',
    user_name: '孙家长',
    authorised: false,
    dept_name: '',
    dept_code: '',
    post_name: '',
    post_code: '',
    user_account: '',
    code: '',
  },
];

function serve() {
  const calls: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { variables: { person_type?: string | null } };
      calls.push(body.variables);
      const type = body.variables.person_type;
      return new Response(
        JSON.stringify({
          data: { longTermAuthoritativeTriples: triples.filter((r) => !type || r.person_type === type) },
        }),
      );
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <Routes>
            <Route path="/manage/visitorManagement/longTermVisitor/setting" element={<LongTermSettingPage />} />
            <Route
              path="/manage/visitorManagement/longTermVisitor/setting/detail"
              element={<LongTermSettingDetailPage />}
            />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('summariseByPersonType', () => {
  it('counts long-term visitors, enabled ones, those authorised through the directory and their triples', () => {
    expect(summariseByPersonType(triples)).toEqual([
      { person_type: '家长', visitors: 1, enabled: 1, authorised: 0, triples: 0 },
      { person_type: '外包', visitors: 2, enabled: 1, authorised: 1, triples: 2 },
    ]);
  });
});

describe('long-term visitor authorisation pages', () => {
  it("summarises the person types and opens one type's triples", async () => {
    const calls = serve();
    renderAt('/manage/visitorManagement/longTermVisitor/setting');
    const row = (await screen.findByText('外包')).closest('tr')!;
    expect(within(row).getAllByText('2')).toHaveLength(2);
    fireEvent.click(within(row).getByRole('button', { name: /明细 外包/ }));
    expect(await screen.findByText('hq|lh|zhao')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ person_type: '外包' });
    expect(screen.getAllByText('组织机构三元组')).toHaveLength(2);
    expect(screen.getByText('单独授权')).toBeTruthy();
    expect(screen.getAllByText('后勤处')).toHaveLength(2);
    expect(screen.queryByText('孙家长')).toBeNull();
  });

  it('says when a type has none, and when the server refuses', async () => {
    serve();
    renderAt('/manage/visitorManagement/longTermVisitor/setting/detail?person_type=无此类');
    expect(await screen.findByText('此人员类型下暂无长期访客')).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ data: null, errors: [{ message: '拒绝访问', extensions: { code: 'FORBIDDEN' } }] }),
          ),
      ),
    );
    renderAt('/manage/visitorManagement/longTermVisitor/setting');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/拒绝访问/));
  });
});
