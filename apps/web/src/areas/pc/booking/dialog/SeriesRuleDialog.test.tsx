import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, isoWeekday, todayIso } from '../../../../features/booking/dates.ts';
import { serveGraphql } from '../../../../testing/graphqlServer.ts';
import { RESOURCE_ID, dialogAnswers } from '../testing/fixtures.ts';
import { preparePcBookingTest, renderPc, variablesOf } from '../testing/pcTest.tsx';
import { BookingDialog } from './BookingDialog.tsx';

// The identity provider is outside the web app: a signed-in user from a stub of the auth module.
vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(preparePcBookingTest);
afterEach(() => vi.unstubAllGlobals());

const today = todayIso();
/** A weekday other than today's, so that unticking today's leaves the rule empty. */
const otherDay = isoWeekday(today) === '3' ? '4' : '3';
const occurrence = (date: string, status: string, reason = '', reasonEn = '') => ({
  date,
  start_time: '10:00',
  end_time: '11:00',
  time_slot_id: 'a10',
  status,
  rule: status === 'ok' ? '' : 'taken',
  reason,
  reason_en: reasonEn,
});
const preview = [
  occurrence(addDays(today, 1), 'ok'),
  occurrence(addDays(today, 8), 'conflict', '所选时段 10:00-11:00 已被他人预约', 'Booked by someone else'),
  occurrence(addDays(today, 15), 'ok'),
  occurrence(addDays(today, 22), 'ok'),
];

const button = (text: string, within: HTMLElement | Document = document) =>
  [...within.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''))!;
const ruleDialog = () =>
  screen.getByText('设置周期规则', { selector: '.ant-modal-title' }).closest('.ant-modal') as HTMLElement;

describe('periodic rule dialog and preview', () => {
  it('checks the rule, previews every occurrence, and books only the bookable ones', { timeout: 60_000 }, async () => {
    serveGraphql({
      ...dialogAnswers,
      previewAppointmentSeries: { previewAppointmentSeries: preview },
      saveAppointmentInformationAll: {
        saveAppointmentInformationAll: {
          code: '0',
          name: '',
          messages: ['预约成功'],
          messages_en: ['Booked'],
          ids: ['b1', 'b2', 'b3'],
          appointmentId: 'b1',
          processURL: '',
          auditStatus: '0',
          seriesId: 's1',
          seriesReport: preview,
        },
      },
    });
    renderPc(<BookingDialog open resourceId={RESOURCE_ID} onClose={() => {}} />);
    await screen.findByText('10:00–11:00', {}, { timeout: 15_000 });
    fireEvent.click(await screen.findByText('周期预约'));
    // the rule dialog opens weekly on today's weekday, four weeks from today
    await screen.findByText('设置周期规则', { selector: '.ant-modal-title' });
    const dialog = ruleDialog();
    const input = (type: string, value: string) =>
      dialog.querySelector<HTMLInputElement>(`input[type=${type}][value="${value}"]`)!;
    const weekday = (n: string) => input('checkbox', n);
    expect(weekday(isoWeekday(today)).checked).toBe(true);
    expect(within(dialog).getByText('周日')).toBeTruthy();

    // no weekday: refused before anything is sent
    fireEvent.click(weekday(isoWeekday(today)));
    fireEvent.click(button('确定并预览', dialog));
    expect(await within(dialog).findByText('按周重复时请至少选择一个星期')).toBeTruthy();
    // a weekday but no slot
    fireEvent.click(weekday(otherDay));
    fireEvent.click(button('确定并预览', dialog));
    expect(await within(dialog).findByText('请至少选择一个时段')).toBeTruthy();
    // monthly needs days of the month
    fireEvent.click(input('radio', '3'));
    await within(dialog).findByText('每月的');
    fireEvent.click(input('checkbox', 'a10'));
    fireEvent.click(button('确定并预览', dialog));
    expect(await within(dialog).findByText('按月重复时请至少选择一个日期')).toBeTruthy();
    expect(variablesOf('previewAppointmentSeries')).toHaveLength(0);
    // back to weekly: the preview is asked for with the rule
    fireEvent.click(input('radio', '2'));
    await within(dialog).findByText('每周的');
    fireEvent.click(button('确定并预览', dialog));

    expect(await screen.findByText('共 4 次，可预约 3 次，不可预约 1 次')).toBeTruthy();
    expect(variablesOf('previewAppointmentSeries')).toEqual([
      expect.objectContaining({
        is_cyclicity: '1',
        cyclicity_strategy: '2',
        cyclicity_weekList: [otherDay],
        cyclicity_dayList: [],
        cyclicity_start_date: today,
        cyclicity_end_date: addDays(today, 27),
        timeSlotIdList: ['a10'],
        model: expect.objectContaining({ resources_id: RESOURCE_ID, appointment_date: today }),
      }),
    ]);
    expect(screen.getByText('冲突')).toBeTruthy();
    expect(screen.getByText('所选时段 10:00-11:00 已被他人预约')).toBeTruthy();
    expect(screen.getAllByText('可预约', { selector: '.ant-tag' })).toHaveLength(3);

    // on through the form to the confirmation: the bookable ones only, unless all is chosen
    fireEvent.click(button('下一步'));
    fireEvent.change(await screen.findByLabelText('预约主题'), { target: { value: '周训' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '所在单位' }));
    fireEvent.click(await screen.findByText('计算机学院', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button('下一步'));
    const okOnly = await screen.findByLabelText('只预约可预约的 3 次');
    expect((okOnly as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('全部可预约才提交（有冲突则不预约）')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('我已阅读并同意预约须知'));
    fireEvent.click(button('提交预约'));
    expect(await screen.findByText('共预约 3 次')).toBeTruthy();
    expect(variablesOf('saveAppointmentInformationAll')).toEqual([
      expect.objectContaining({
        seriesCommit: 'ok',
        is_cyclicity: '1',
        cyclicity_weekList: [otherDay],
        timeSlotIdList: ['a10'],
        model: expect.objectContaining({ theme: '周训', appointment_date: today }),
      }),
    ]);
  });
});
