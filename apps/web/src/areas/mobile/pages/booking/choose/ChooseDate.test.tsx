import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDraft } from '../../../../../features/booking/draft.ts';
import { courtType, occurrence, RESOURCE_ID, resource, slot } from '../fixtures.ts';
import { prepareBookingTests, renderRoutes, serveBooking } from '../testing.tsx';
import ChooseDate from './ChooseDate.tsx';

vi.mock('../../../../../features/auth/auth.ts', () =>
  import('../../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(prepareBookingTests);
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/mobile/chooseDate/:id', element: <ChooseDate /> },
  { path: '/mobile/applicationForm/:id', element: <p>application form</p> },
];
const base = {
  findResources: { findResources: resource() },
  findResourcesTypeAllByAccount: { findResourcesTypeAllByAccount: [courtType()] },
  findResourceSlotAvailability: {
    findResourceSlotAvailability: [
      slot('s9', '09:00', '10:00'),
      slot('s10', '10:00', '11:00', { state: 'taken', rule: 'taken' }),
    ],
  },
};

describe('/mobile/chooseDate: normal booking', () => {
  it('checks the chosen slot with the server, shows a refusal with its reason, then goes to the form', async () => {
    let refuse = true;
    const calls = serveBooking({
      ...base,
      checkResourceTimeSlotCapacity: () => ({
        checkResourceTimeSlotCapacity: refuse
          ? { code: '500', name: '', messages: ['所选时段 09:00-10:00 已被他人预约'], messages_en: ['Taken'] }
          : { code: '0', name: '', messages: ['可以预约'], messages_en: ['Bookable'] },
      }),
    });
    const router = renderRoutes(routes, `/mobile/chooseDate/${RESOURCE_ID}`);
    const next = await screen.findByRole('button', { name: '下一步' });
    expect(next.hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText('请选择预约时段')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: '09:00-10:00 可预约' }));
    expect(screen.getByRole('button', { name: '09:00-10:00 已选择' })).toBeTruthy();
    expect(screen.getByText(/09:00-10:00$/, { selector: 'strong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('所选时段 09:00-10:00 已被他人预约')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/mobile/chooseDate/${RESOURCE_ID}`);
    const check = calls.find((c) => c.op === 'checkResourceTimeSlotCapacity')!;
    expect(check.variables).toMatchObject({ resourceId: RESOURCE_ID, timeSlotIdList: ['s9'] });
    expect(check.variables.bookDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mobile/applicationForm/${RESOURCE_ID}`));
    expect(loadDraft(RESOURCE_ID)).toMatchObject({
      mode: 'normal',
      date: check.variables.bookDate,
      slots: [{ id: 's9', kssj: '09:00', jssj: '10:00' }],
    });
  });

  it("says before a slot is picked when the day's allowance is used up, and what it counts", async () => {
    const calls = serveBooking({
      ...base,
      findAppointmentAllowance: {
        findAppointmentAllowance: [
          {
            scope: 'resource',
            kind: 'quota',
            appointment_number_rule: '1',
            limit: 1,
            period_begin: '2099-01-01',
            period_end: '2099-01-01',
            used: 1,
            remaining: 0,
          },
        ],
      },
    });
    renderRoutes(routes, `/mobile/chooseDate/${RESOURCE_ID}`);
    const list = await screen.findByRole('list', { name: '预约次数' });
    expect(list.textContent).toBe('本资源每人每天最多 1 次：您已约满（已约 1 次）');
    const asked = calls.filter((c) => c.op === 'findAppointmentAllowance')[0]!.variables;
    expect(asked).toMatchObject({ resourcesId: RESOURCE_ID });
    expect(asked.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('offers only the modes the type allows', async () => {
    serveBooking({
      ...base,
      findResourcesTypeAllByAccount: {
        findResourcesTypeAllByAccount: [courtType({ cyclicity_enable: '0', batch_enable: '0' })],
      },
    });
    renderRoutes(routes, `/mobile/chooseDate/${RESOURCE_ID}`);
    expect(await screen.findByRole('button', { name: '09:00-10:00 可预约' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '周期预约' })).toBeNull();
  });
});

describe('/mobile/chooseDate: periodic booking', () => {
  it('previews every occurrence with its conflict and books only the ok ones when chosen', async () => {
    const calls = serveBooking({
      ...base,
      previewAppointmentSeries: {
        previewAppointmentSeries: [
          occurrence('2099-03-02'),
          occurrence('2099-03-09', { reason: '已被预约', reason_en: 'Booked by someone else' }),
          occurrence('2099-03-16'),
        ],
      },
    });
    const router = renderRoutes(routes, `/mobile/chooseDate/${RESOURCE_ID}`);
    fireEvent.click(await screen.findByRole('radio', { name: '周期预约' }));
    const preview = await screen.findByRole('button', { name: '预览每个时段' });

    fireEvent.click(preview);
    expect(await screen.findByText('按周重复时请至少选择一个星期')).toBeTruthy();
    expect(calls.some((c) => c.op === 'previewAppointmentSeries')).toBe(false);

    fireEvent.click(screen.getByText('周一'));
    fireEvent.click(screen.getByText('09:00-10:00'));
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2099-03-02' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2099-03-22' } });
    fireEvent.click(preview);

    expect(await screen.findByText('共3个时段，可预约2个，不可预约1个')).toBeTruthy();
    expect(screen.getByText('已被预约')).toBeTruthy();
    expect(screen.getByText('冲突')).toBeTruthy();
    const sent = calls.find((c) => c.op === 'previewAppointmentSeries')!.variables;
    expect(sent).toMatchObject({
      model: { resources_id: RESOURCE_ID, appointment_date: '2099-03-02' },
      is_cyclicity: '1',
      cyclicity_strategy: '2',
      cyclicity_weekList: ['1'],
      cyclicity_start_date: '2099-03-02',
      cyclicity_end_date: '2099-03-22',
      timeSlotIdList: ['s9'],
    });

    // With a conflict, "all or nothing" cannot go on; "only the ok ones" is chosen for the user.
    expect((screen.getByRole('radio', { name: '只预约可预约的2个时段' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /全部可预约才提交/ }));
    expect(await screen.findByText(/有不可预约的时段/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '下一步' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '只预约可预约的2个时段' }));
    expect(screen.getByText('2个时段')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mobile/applicationForm/${RESOURCE_ID}`));
    expect(loadDraft(RESOURCE_ID)).toMatchObject({
      mode: 'periodic',
      seriesCommit: 'ok',
      summary: { total: 3, ok: 2 },
      series: { strategy: '2', weekdays: ['1'], slotIds: ['s9'] },
    });
  });

  it('shows a rule the server cannot expand with its reason', async () => {
    serveBooking({
      ...base,
      previewAppointmentSeries: {
        errors: [{ message: 'SERIES_EMPTY', extensions: { msg: '所选周期内没有符合规则的日期', msg_en: 'No date' } }],
      } as never,
    });
    renderRoutes(routes, `/mobile/chooseDate/${RESOURCE_ID}`);
    fireEvent.click(await screen.findByRole('radio', { name: '批量预约' }));
    const dates = await screen.findAllByRole('option');
    fireEvent.click(dates[0]!);
    fireEvent.click(screen.getByText('09:00-10:00'));
    fireEvent.click(screen.getByRole('button', { name: '预览每个时段' }));
    expect(await screen.findByText('所选周期内没有符合规则的日期')).toBeTruthy();
  });
});

describe('/mobile/chooseDate: dates not open yet (7 days ahead, the next one at 21:00)', () => {
  // 20:30 on 2026-11-28 in the browser's zone: 12-05 opens at 21:00 today, by the server's rule.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 20, 30));
  });
  afterEach(() => vi.useRealTimers());

  it("shows the date strip's last date as not open, with its opening time, and keeps it from being picked", async () => {
    serveBooking(base);
    renderRoutes(routes, `/mobile/chooseDate/${RESOURCE_ID}`);
    const shut = await screen.findByRole('button', { name: '2026-12-05，尚未开放，21:00 开放' });
    expect(shut.hasAttribute('disabled')).toBe(true);
    expect(shut.textContent).toContain('21:00开放');
    expect(screen.getByRole('button', { name: '2026-12-04' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: '2026-11-28' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('greys the date out in the batch picker and says when dates open in the periodic one', async () => {
    serveBooking(base);
    renderRoutes(routes, `/mobile/chooseDate/${RESOURCE_ID}`);
    fireEvent.click(await screen.findByRole('radio', { name: '批量预约' }));
    const chip = (await screen.findByText('12-05 周六')).closest('.adm-selector-item')!;
    expect(chip.className).toContain('adm-selector-item-disabled');
    expect(chip.textContent).toContain('21:00开放');
    fireEvent.click(chip);
    expect(chip.className).not.toContain('adm-selector-item-active');
    const open = screen.getByText('12-04 周五').closest('.adm-selector-item')!;
    expect(open.className).not.toContain('adm-selector-item-disabled');

    fireEvent.click(screen.getByRole('radio', { name: '周期预约' }));
    expect((await screen.findByRole('note')).textContent).toBe(
      '2026-12-05 起的日期尚未开放预约（2026-12-05 将于 21:00 开放），预览中这些日期不可预约',
    );
  });
});
