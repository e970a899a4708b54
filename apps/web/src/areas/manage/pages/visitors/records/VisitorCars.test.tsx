import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VisitorCar } from '../../../../../features/visitors-admin/records/types.ts';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { callsOf, clickButton, pickOption, renderPage, serve } from '../../sign/testing.tsx';
import VisitorCars from './VisitorCars.tsx';

vi.mock('../../../../../app/session.tsx', () => ({ useSession: () => ({ token: 'test-token' }) }));

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const AREA = '33333333-3333-4333-8333-333333333333';
const car: VisitorCar = {
  id: 'cccccccc-0000-4000-8000-000000000001',
  visitor_name: '周*',
  phone: '137****4321',
  car_product: '比亚迪',
  car_card_number: '京A12345',
  in_school_date: '2030-01-02',
  in_school_area_name: '东门',
  in_school_area_name_en: 'East gate',
  accept_visit_name: '吴老师',
  state: 2,
  state_name: '已通过',
  state_name_en: 'Approved',
};

async function setDate(input: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

/** The GraphQL server, and the export route (GET .xlsx) beside it: the export URLs asked. */
function server() {
  const calls = serve({
    findVisitorCarList: () => ({ findVisitorCarList: { edges: [{ node: car }], totalCount: 1 } }),
    findVisitorCategoryConfig: () => ({
      findVisitorCategoryConfig: {
        overallSettings: null,
        detailSettings: [],
        areas: [{ id: AREA, resources_name: '东门', resources_name_en: 'East gate' }],
      },
    }),
  });
  const graphql = globalThis.fetch;
  const exports: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.startsWith('/api/visitors/')) return graphql(url, init);
      exports.push({ url, authorization: new Headers(init?.headers).get('authorization') });
      return new Response('xlsx', {
        headers: { 'content-disposition': "attachment; filename*=UTF-8''visitor-cars.xlsx" },
      });
    }),
  );
  return { calls, exports };
}

describe("visitors' cars (/manage/visitorManagement/visitorCars)", () => {
  it('lists the plates and searches by dates, area and plate; the export takes the same search', async () => {
    URL.createObjectURL ??= () => 'blob:cars';
    URL.revokeObjectURL ??= () => {};
    const { calls, exports } = server();
    renderPage(<VisitorCars />, '/manage/visitorManagement/visitorCars');
    const row = (await screen.findByText('京A12345')).closest('tr')!;
    for (const text of ['比亚迪', '周*', '137****4321', '东门', '吴老师', '已通过']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(callsOf(calls, 'findVisitorCarList')[0]).toEqual({ first: 10, offset: 0, filter: {} });

    await setDate(screen.getByPlaceholderText('开始日期'), '2030-01-01');
    await setDate(screen.getByPlaceholderText('结束日期'), '2030-01-31');
    await pickOption('来访区域', '东门');
    fireEvent.change(screen.getByLabelText('车牌号'), { target: { value: ' 京A ' } });
    await clickButton('查询');
    const filter = {
      in_school_date: { gte: '2030-01-01', lte: '2030-01-31' },
      in_school_area: { eq: AREA },
      car_card_number: { like: '京A' },
    };
    await waitFor(() => expect(callsOf(calls, 'findVisitorCarList').at(-1)).toEqual({ first: 10, offset: 0, filter }));

    await clickButton('导出');
    await waitFor(() => expect(exports).toHaveLength(1));
    const asked = new URL(exports[0]!.url, 'http://x');
    expect(asked.pathname).toBe('/api/visitors/cars/export');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      in_school_date_gte: '2030-01-01',
      in_school_date_lte: '2030-01-31',
      in_school_area: AREA,
      car_card_number_like: '京A',
    });
    expect(exports[0]!.authorization).toBe('Bearer test-token');
    expect(await screen.findByText('已开始下载 visitor-cars.xlsx')).toBeTruthy();

    await clickButton('重置');
    await waitFor(() =>
      expect(callsOf(calls, 'findVisitorCarList').at(-1)).toEqual({ first: 10, offset: 0, filter: {} }),
    );
  });
});
