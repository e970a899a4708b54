import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VisitorEntry } from '../../../../../features/visitors-admin/records/types.ts';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { callsOf, clickButton, pickOption, renderPage, result, serve } from '../../sign/testing.tsx';
import VisitorList from './VisitorList.tsx';

vi.mock('../../../../../app/session.tsx', () => ({ useSession: () => ({ token: 'test-token' }) }));

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const AREA = '33333333-3333-4333-8333-333333333333';
const entry: VisitorEntry = {
  id: 'eeeeeeee-0000-4000-8000-000000000009',
  apply_id: null,
  visitor_name: '门卫登记人',
  arrive_time: '2030-01-01 09:30:00',
  arrival_place: AREA,
  arrival_place_name: '东门',
  arrival_place_name_en: 'East gate',
  data_source: 2,
  data_source_name: '导入',
  data_source_name_en: 'Import',
  repeat: true,
  recorded_by: 'admin',
};

describe('campus entry summary', () => {
  it("shows today's figures, filters by gate and source, and records an entry by hand", async () => {
    const calls = serve({
      findVisitorListSummary: () => ({
        findVisitorListSummary: { date: '2030-01-01', entries: 7, people: 5, on_campus: 3, total: 42 },
      }),
      findVisitorListEntityList: () => ({ findVisitorListEntityList: { edges: [{ node: entry }], totalCount: 1 } }),
      findVisitorCategoryConfig: () => ({
        findVisitorCategoryConfig: {
          overallSettings: null,
          detailSettings: [],
          areas: [{ id: AREA, resources_name: '东门', resources_name_en: 'East gate' }],
        },
      }),
      saveVisitorList: () => ({ saveVisitorList: result() }),
    });
    renderPage(<VisitorList />, '/manage/visitorManagement/visitorList');
    await screen.findByText('门卫登记人');
    const summary = screen.getByText('2030-01-01 统计').closest('.ant-card')!;
    expect(within(summary as HTMLElement).getByText('3')).toBeTruthy();
    expect(within(summary as HTMLElement).getByText('42')).toBeTruthy();
    const row = screen.getByText('门卫登记人').closest('tr')!;
    expect(within(row).getByText('导入')).toBeTruthy();
    expect(within(row).getByText('是')).toBeTruthy();

    await pickOption('进入地点', '东门');
    await pickOption('来源', '导入');
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'findVisitorListEntityList').at(-1)).toMatchObject({
        filter: { arrival_place: { eq: AREA }, data_source: { eq: '2' } },
      }),
    );

    await clickButton('登记进入');
    const dialog = await screen.findByRole('dialog');
    await clickButton('保 存', dialog);
    expect(await within(dialog).findByText('请输入访客姓名')).toBeTruthy();
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('访客'), { target: { value: '手工甲' } });
    });
    await act(async () => {
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '进入地点' }));
    });
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].filter(
        (el) => el.textContent === '东门',
      );
      if (found.length < 2) throw new Error("the dialog's options are not open");
      return found;
    });
    await act(async () => {
      fireEvent.click(options.at(-1)!);
    });
    await clickButton('保 存', dialog);
    await waitFor(() => expect(callsOf(calls, 'saveVisitorList')).toHaveLength(1));
    expect(callsOf(calls, 'saveVisitorList')[0]).toEqual({
      model: { visitor_name: '手工甲', arrival_place: AREA, arrive_time: '' },
    });
  });

  it('starts from the dates in its link (the home card "on campus": the day\'s entries)', async () => {
    const calls = serve({
      findVisitorListSummary: () => ({
        findVisitorListSummary: { date: '2030-01-01', entries: 1, people: 1, on_campus: 1, total: 1 },
      }),
      findVisitorListEntityList: () => ({ findVisitorListEntityList: { edges: [{ node: entry }], totalCount: 1 } }),
      findVisitorCategoryConfig: () => ({
        findVisitorCategoryConfig: { overallSettings: null, detailSettings: [], areas: [] },
      }),
    });
    renderPage(<VisitorList />, '/manage/visitorManagement/visitorList?from=2030-01-01&to=2030-01-01');
    await screen.findByText('门卫登记人');
    expect(callsOf(calls, 'findVisitorListEntityList')[0]).toMatchObject({
      filter: { arrive_time: { gte: '2030-01-01', lte: '2030-01-01' } },
    });
    expect(screen.getAllByDisplayValue('2030-01-01')).toHaveLength(2);
  });
});
