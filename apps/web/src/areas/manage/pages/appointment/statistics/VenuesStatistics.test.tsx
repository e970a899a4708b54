import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { callsOf, renderPage, serve } from '../../sign/testing.tsx';
import VenuesStatistics from './VenuesStatistics.tsx';

// No canvas in the test DOM: the charts are drawn by a stand-in.
vi.mock('./echarts.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const zero = {
  valid: 0,
  pending: 0,
  in_ballot: 0,
  performed: 0,
  no_show: 0,
  cancelled: 0,
  rejected: 0,
  terminated: 0,
};
const item = (id: string, name: string, typeId: string, counts: Record<string, number>, vacancy = {}) => ({
  id,
  resources_name: name,
  resources_name_en: '',
  resources_type_id: typeId,
  total: 0,
  ...zero,
  capacity: 0,
  booked: 0,
  rate: null,
  ...counts,
  ...vacancy,
});

const statistics = {
  summary: item(
    '',
    '',
    '',
    { total: 10, valid: 5, pending: 2, in_ballot: 1, cancelled: 2 },
    { capacity: 40, booked: 7, rate: 0.825 },
  ),
  types: [
    item(
      't1',
      '会议室',
      't1',
      { total: 6, valid: 3, pending: 2, cancelled: 1 },
      { capacity: 40, booked: 7, rate: 0.825 },
    ),
    item('t2', '羽毛球场', 't2', { total: 4, valid: 2, in_ballot: 1, cancelled: 1 }),
  ],
  resources: [
    item(
      'r1',
      '行政楼305会议室',
      't1',
      { total: 6, valid: 3, pending: 2, cancelled: 1 },
      { capacity: 40, booked: 7, rate: 0.825 },
    ),
    item('r2', '一号场', 't2', { total: 4, valid: 2, in_ballot: 1, cancelled: 1 }),
  ],
};

describe('venue statistics', () => {
  it('asks the server once for the range and draws every tab from that answer', async () => {
    const calls = serve({ findAppointmentStatistics: () => ({ findAppointmentStatistics: statistics }) });
    renderPage(<VenuesStatistics />, '/manage/appointment/venues-statistics?tab=resources');
    const row = (await screen.findByText('行政楼305会议室')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '行政楼305会议室',
      '会议室',
      '6',
      '3',
      '2',
      '1',
      '40',
      '7',
      '82.50%',
      '查看预约',
    ]);
    const free = screen.getByText('一号场').closest('tr')!;
    expect(within(free).getAllByText('—')).toHaveLength(3);
    const today = dayjs();
    expect(callsOf(calls, 'findAppointmentStatistics')).toEqual([
      {
        startDate: today.startOf('month').format('YYYY-MM-DD'),
        endDate: today.endOf('month').format('YYYY-MM-DD'),
      },
    ]);

    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: '场馆类型分析' }));
    });
    const typeRow = (await screen.findAllByText('羽毛球场')).map((el) => el.closest('tr')).find(Boolean)!;
    // columns: type, total, then every group (valid, pending, in the ballot, performed, no-show, cancelled, rejected, terminated)
    const typeTable = typeRow.closest('table')!;
    expect([...typeTable.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      '资源类型',
      '预约总数',
      '有效',
      '待审批',
      '抽签中',
      '已履约',
      '未履约',
      '已取消',
      '已驳回',
      '已终止',
    ]);
    expect([...typeRow.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '羽毛球场',
      '4',
      '2',
      '0',
      '1',
      '0',
      '0',
      '1',
      '0',
      '0',
    ]);
    await waitFor(() => expect(screen.getByText('10')).toBeTruthy());
    expect(callsOf(calls, 'findAppointmentStatistics')).toHaveLength(1);
    expect(calls.some((c) => c.op === 'findAppointmentInformationAllForAppointMent')).toBe(false);
  });
});
