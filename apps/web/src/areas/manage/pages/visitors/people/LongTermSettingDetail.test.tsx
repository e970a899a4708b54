import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LongTermTriple } from '../../../../../features/visitors-admin/people/longTermAuthoritativeTriples.ts';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import LongTermSettingDetailPage from './LongTermSettingDetail.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());

const SETTING = '/manage/visitorManagement/longTermVisitor/setting';

const triple = (patch: Partial<LongTermTriple>): LongTermTriple => ({
  id: 'a:1',
  long_term_id: 'a',
  person_type: '外包',
  user_name: '赵外包',
  is_enable: 1,
  valid_from: '2030-01-01',
  valid_to: '2030-12-31',
  authorised: true,
  dept_name: '后勤处',
  dept_code: 'hq',
  post_name: '保洁',
  post_code: 'bj',
  user_account: 'zhao',
  user_display_name: '赵一',
  code: 'hq|bj|zhao',
  ...patch,
});

/** The server's triples of the type asked; every call's variables. */
function serve(rows: LongTermTriple[]) {
  const calls: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ op: body.operationName, ...body.variables });
      return new Response(JSON.stringify({ data: { longTermAuthoritativeTriples: rows } }));
    }),
  );
  return calls;
}

function Landed() {
  return <p data-testid="landed">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <Routes>
            <Route path={`${SETTING}/detail`} element={<LongTermSettingDetailPage />} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a person type's long-term visitors and their triples (longTermVisitor/setting/detail)", () => {
  it("asks for the link's person type, shows each triple and who has none, and goes back", async () => {
    const calls = serve([
      triple({}),
      triple({
        id: 'b:none',
        long_term_id: 'b',
        user_name: '钱外包',
        is_enable: 0,
        authorised: false,
        dept_name: '',
        post_name: '',
        user_account: '',
        user_display_name: '',
        code: '',
      }),
    ]);
    renderAt(`${SETTING}/detail?person_type=${encodeURIComponent('外包')}`);
    const authorised = (await screen.findByText('hq|bj|zhao')).closest('tr')!;
    expect(calls).toEqual([{ op: 'longTermAuthoritativeTriples', person_type: '外包' }]);
    // the type named in the title
    expect(screen.getByText('外包')).toBeTruthy();
    const a = within(authorised);
    for (const text of ['赵外包', '启用', '2030-01-01', '~ 2030-12-31', '组织机构三元组', '后勤处', '保洁', '赵一']) {
      expect(a.getByText(text)).toBeTruthy();
    }
    expect(a.getByText('(zhao)')).toBeTruthy();
    const individual = within(screen.getByText('钱外包').closest('tr')!);
    expect(individual.getByText('停用')).toBeTruthy();
    expect(individual.getByText('单独授权')).toBeTruthy();
    // no department, post, user or code: dashes, not blanks
    expect(individual.getAllByText('—')).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: '返回授权设置' }));
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe(SETTING));
  });

  it('without a type in the link shows the uncategorised only (the server answers every type for none)', async () => {
    const calls = serve([
      triple({}),
      triple({ id: 'c:none', long_term_id: 'c', person_type: '', user_name: '孙无类' }),
    ]);
    renderAt(`${SETTING}/detail`);
    expect(await screen.findByText('孙无类')).toBeTruthy();
    expect(screen.queryByText('赵外包')).toBeNull();
    expect(screen.getByText('（未分类）')).toBeTruthy();
    // the uncategorised ones (no person type), not every type
    expect(calls).toEqual([{ op: 'longTermAuthoritativeTriples', person_type: '' }]);
  });

  it('says when a type has no one', async () => {
    serve([]);
    renderAt(`${SETTING}/detail?person_type=${encodeURIComponent('家长')}`);
    expect(await screen.findByText('此人员类型下暂无长期访客')).toBeTruthy();
  });
});
