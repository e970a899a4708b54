import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { callsOf, renderPage, serve } from '../../sign/testing.tsx';
import VisitorStatistics from './VisitorStatistics.tsx';

// No canvas in the test DOM: the charts are drawn by a stand-in.
vi.mock('../../appointment/statistics/echarts.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, entries: hour === 9 ? 5 : hour === 14 ? 2 : 0 }));
const stats = (category: string) => ({
  category,
  from: '2030-01-01',
  to: '2030-01-31',
  total_visits: 12,
  total_approved: 8,
  total_entries: 7,
  peak_hour: 9,
  periods: [
    { period: '2030-01-01', visits: 12, approved: 8, rejected: 1, cancelled: 1, pending: 2, entries: 7 },
    { period: '2030-01-02', visits: 0, approved: 0, rejected: 0, cancelled: 0, pending: 0, entries: 0 },
  ],
  areas: [{ resources_id: 'a1', resources_name: '图书馆', resources_name_en: 'Library', visits: 12, entries: 7 }],
  types: [
    { visitor_type: '1', name: '访客申请', name_en: 'Application', visits: 9 },
    { visitor_type: '2', name: '邀请访客', name_en: 'Invitation', visits: 3 },
  ],
  hours,
});

describe('visitor statistics', () => {
  it('shows the totals, the peak hour and the numbers in tables; switches the period', async () => {
    const calls = serve({
      findVisitorAppointmentDataStatistics: (v) => ({
        findVisitorAppointmentDataStatistics: stats(String(v.category)),
      }),
      findVisitorCategoryConfig: () => ({
        findVisitorCategoryConfig: { overallSettings: null, detailSettings: [], areas: [] },
      }),
    });
    renderPage(<VisitorStatistics />, '/manage/visitorManagement/statistics');
    const peak = await screen.findAllByText('09:00-10:00');
    expect(peak.some((el) => el.closest('.ant-statistic'))).toBe(true);
    expect(screen.getByText('入校高峰时段')).toBeTruthy();
    expect(callsOf(calls, 'findVisitorAppointmentDataStatistics')[0]).toMatchObject({
      category: 'month',
      resourcesIds: null,
    });
    expect(callsOf(calls, 'findVisitorAppointmentDataStatistics')[0]!.month).toMatch(/^\d{4}-\d{2}$/);
    const periods = screen.getByText('按时间', { selector: 'caption' }).closest('table') as HTMLElement;
    expect(within(periods).getByText('2030-01-01')).toBeTruthy();
    const areas = screen.getByText('按区域', { selector: 'caption' }).closest('table') as HTMLElement;
    expect(within(areas).getByText('图书馆')).toBeTruthy();
    const byHour = screen.getByText('入校时段', { selector: 'caption' }).closest('table') as HTMLElement;
    expect(within(byHour).getByText('14:00-15:00')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: '按访客类型' }).length).toBe(1);

    fireEvent.click(screen.getByText('年'));
    await waitFor(() =>
      expect(callsOf(calls, 'findVisitorAppointmentDataStatistics').at(-1)).toMatchObject({ category: 'year' }),
    );
    expect(callsOf(calls, 'findVisitorAppointmentDataStatistics').at(-1)!.year).toMatch(/^\d{4}$/);
  });
});
