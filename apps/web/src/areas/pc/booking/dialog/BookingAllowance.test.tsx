import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../../../../features/booking/dates.ts';
import { serveGraphql } from '../../../../testing/graphqlServer.ts';
import { RESOURCE_ID, dialogAnswers } from '../testing/fixtures.ts';
import { preparePcBookingTest, renderPc, variablesOf } from '../testing/pcTest.tsx';
import { BookingDialog } from './BookingDialog.tsx';

vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(preparePcBookingTest);
afterEach(() => vi.unstubAllGlobals());

const allowance = (over: Record<string, unknown>) => ({
  scope: 'resource',
  kind: 'quota',
  appointment_number_rule: '1',
  limit: 1,
  period_begin: todayIso(),
  period_end: todayIso(),
  used: 0,
  remaining: 1,
  ...over,
});

describe('the remaining allowance in the desktop booking dialog', () => {
  it('shows each limit with what it counts and what is left, for the date chosen', { timeout: 60_000 }, async () => {
    serveGraphql({
      ...dialogAnswers,
      findAppointmentAllowance: {
        findAppointmentAllowance: [allowance({}), allowance({ scope: 'type', used: 1, remaining: 0 })],
      },
    });
    renderPc(<BookingDialog open resourceId={RESOURCE_ID} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '预约 场地A' });
    const list = await within(dialog).findByRole('list', { name: '预约次数' });
    expect(within(list).getByText('本资源每人每天最多 1 次：您还可预约 1 次（已约 0 次）')).toBeTruthy();
    const used = within(list).getByText('羽毛球场（同类资源合计）每人每天最多 1 次：您已约满（已约 1 次）');
    expect(used.className).toBe('yy-allowance-none');
    expect(variablesOf('findAppointmentAllowance')).toEqual([{ resourcesId: RESOURCE_ID, date: todayIso() }]);
  });

  it('one line when the allowance cannot be read', { timeout: 60_000 }, async () => {
    serveGraphql({ ...dialogAnswers, findAppointmentAllowance: { errors: [{ message: 'down' }] } });
    renderPc(<BookingDialog open resourceId={RESOURCE_ID} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '预约 场地A' });
    expect(await within(dialog).findByText('暂时无法查询您的剩余预约次数')).toBeTruthy();
  });

  it('no limit: no allowance list', { timeout: 60_000 }, async () => {
    serveGraphql(dialogAnswers);
    renderPc(<BookingDialog open resourceId={RESOURCE_ID} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '预约 场地A' });
    await within(dialog).findByRole('button', { name: '10:00–11:00 · 可预约' });
    await waitFor(() => expect(variablesOf('findAppointmentAllowance')).toHaveLength(1));
    expect(within(dialog).queryByRole('list', { name: '预约次数' })).toBeNull();
  });
});
