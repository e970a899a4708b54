import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetResourceListState } from '../../../../../features/resources/listState.ts';
import ResourceList from './ResourceList.tsx';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { pickOption } from '../testing.ts';

beforeAll(prepareBackOfficeTest);
beforeEach(() => resetResourceListState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TYPE_ID = '11111111-1111-4111-8111-111111111111';
const item = (code: string, item_code: string, item_name: string, item_parent: string) => ({
  id: `${code}-${item_code}`,
  codes_id: code,
  item_code,
  item_name,
  item_name_en: item_name,
  item_description: '',
  item_index: 1,
  item_level: 1,
  item_parent,
  create_time: '',
  code,
});
const row = {
  id: '22222222-2222-4222-8222-222222222222',
  resources_type_id: TYPE_ID,
  resources_type_name: '羽毛球场',
  resources_type_name_en: 'Badminton court',
  resources_number: 'YMQ-01',
  resources_name: '羽毛球场1号',
  resources_name_en: 'Badminton Court 1',
  capacity: 4,
  available_number: 1,
  state: 1,
  campus_code: 'main',
  campus_name: '主校区',
  campus_name_en: 'Main campus',
  building_code: 'gym',
  building_name: '体育馆',
  building_name_en: 'Gymnasium',
  floor_code: '1F',
  floor_name: '一层',
  floor_name_en: '1st floor',
  rule_source: '0',
  rule_template_id: '',
  time_slot_rule: '1',
  need_approve: '0',
  order: 1,
  created_user_name: '管理员',
  create_time: '2026-03-01 08:00:00',
  qcode_image_url: '',
};

/** The server: records findResourcesAll's variables, answers the lookups. */
function serve() {
  const calls: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      const v = body.variables;
      let data: Record<string, unknown> = {};
      switch (body.operationName) {
        case 'findResourcesAll':
          calls.push(v);
          data = {
            findResourcesAll: { edges: [{ node: row, cursor: '1' }], pageInfo: { hasNextPage: true }, totalCount: 25 },
          };
          break;
        case 'findResourcesTypeAll':
          data = {
            findResourcesTypeAll: [{ id: TYPE_ID, resources_name: '羽毛球场', resources_name_en: 'Badminton court' }],
          };
          break;
        case 'findCodeItemsAll':
          data = {
            findCodeItemsAll:
              v.code === 'yy_campus'
                ? [item('yy_campus', 'main', '主校区', '主校区'), item('yy_campus', 'east', '东校区', '东校区')]
                : v.code === 'yy_building' && v.item_parent === 'main'
                  ? [item('yy_building', 'gym', '体育馆', 'main'), item('yy_building', 'admin', '行政楼', 'main')]
                  : [],
          };
          break;
        case 'findResourcesRuleTemplateAll':
          data = { findResourcesRuleTemplateAll: { edges: [], pageInfo: { hasNextPage: false }, totalCount: 0 } };
          break;
      }
      return new Response(JSON.stringify({ data }));
    }),
  );
  return calls;
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/manage/resources/resources-list']}>
        <App>
          <ResourceList />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('resource list filters', { timeout: 60_000 }, () => {
  it('loads the first page unfiltered, then searches with the filters as findResourcesAll variables', async () => {
    const calls = serve();
    renderList();
    await screen.findByText('羽毛球场1号');
    expect(calls[0]).toEqual({ first: 10, offset: 0, filter: {} });

    await pickOption('资源类型', '羽毛球场');
    await pickOption('校区', '主校区');
    await pickOption('楼宇', '体育馆');
    await pickOption('状态', '停用');
    fireEvent.change(screen.getByPlaceholderText('资源名称'), { target: { value: ' 羽毛球 ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    });
    await waitFor(() => expect(calls.length).toBeGreaterThan(1));
    expect(calls.at(-1)).toEqual({
      first: 10,
      offset: 0,
      filter: {
        resources_type_id: { eq: TYPE_ID },
        campus_code: { eq: 'main' },
        building_code: { eq: 'gym' },
        resources_name: { like: '羽毛球' },
        state: { eq: '0' },
      },
    });
  });

  it('changing the campus clears the building', async () => {
    const calls = serve();
    renderList();
    await screen.findByText('羽毛球场1号');
    await pickOption('校区', '主校区');
    await pickOption('楼宇', '体育馆');
    await pickOption('校区', '东校区');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    });
    await waitFor(() => expect(calls.length).toBeGreaterThan(1));
    expect(calls.at(-1)).toEqual({ first: 10, offset: 0, filter: { campus_code: { eq: 'east' } } });
  });

  it('is kept alive: coming back restores the filters and page', async () => {
    const calls = serve();
    const first = renderList();
    await screen.findByText('羽毛球场1号');
    fireEvent.change(screen.getByPlaceholderText('资源名称'), { target: { value: '羽毛球' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    });
    await waitFor(() => expect(calls.length).toBe(2));
    await act(async () => {
      fireEvent.click(screen.getByTitle('2'));
    });
    await waitFor(() => expect(calls.length).toBe(3));
    expect(calls[2]).toEqual({ first: 10, offset: 10, filter: { resources_name: { like: '羽毛球' } } });
    first.unmount();

    renderList();
    await screen.findByText('羽毛球场1号');
    expect(calls[3]).toEqual({ first: 10, offset: 10, filter: { resources_name: { like: '羽毛球' } } });
    expect(screen.getByPlaceholderText('资源名称')).toHaveProperty('value', '羽毛球');
  });
});
