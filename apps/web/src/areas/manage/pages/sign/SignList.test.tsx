import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isoDay } from '../../../../features/checkin-admin/signListVariables.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import SignList from './SignList.tsx';
import { ROOM_ID, callsOf, clickButton, pickOption, renderPage, result, serve, typeInto } from './testing.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const TODAY_MS = new Date(`${isoDay(Date.now())}T00:00:00`).getTime();

const sign = (id: string, patch: Partial<AppointmentSign>): AppointmentSign => ({
  id,
  appointment_id: id,
  resources_id: ROOM_ID,
  resources_name: '行政楼305会议室',
  resources_name_en: 'Room 305',
  resources_type_id: '',
  resources_number: 'XZ-305',
  appointment_date: TODAY_MS,
  start_time: '09:00',
  end_time: '10:00',
  appointment_user: 'student',
  appointment_user_name: '张同学',
  dept_name: '计算机学院',
  phone: '',
  theme: '组会',
  state: '0',
  audit_status: '0',
  appointment_state: '0',
  sign_state: '0',
  signin_required: '1',
  sign_out_rule: '0',
  sign_in_start: '',
  sign_in_end: '',
  sign_out_end: '',
  sign_in_time: '',
  sign_in_way: '',
  sign_in_user: '',
  sign_in_user_name: '',
  sign_out_time: '',
  sign_out_way: '',
  sign_out_user: '',
  sign_out_user_name: '',
  missed_time: '',
  missed_way: '',
  missed_user: '',
  missed_user_name: '',
  remark: '',
  ...patch,
});

const toCome = sign('aaaaaaaa-0000-4000-8000-000000000001', {});
const checkedIn = sign('aaaaaaaa-0000-4000-8000-000000000002', {
  appointment_user: 'wang',
  appointment_user_name: '王同学',
  appointment_state: '1',
  sign_state: '1',
  sign_in_time: `${isoDay(Date.now())} 08:55:00`,
  sign_in_way: '2',
  sign_in_user: 'admin',
  sign_in_user_name: '系统管理员',
});

function open(mark: (v: Record<string, unknown>) => unknown = () => ({ updateAppointmentPerformState: result() })) {
  const calls = serve({
    findAppointmentSignAll: () => ({
      findAppointmentSignAll: {
        edges: [toCome, checkedIn].map((node) => ({ node })),
        pageInfo: { hasNextPage: false, endCursor: null },
        totalCount: 2,
      },
    }),
    updateAppointmentPerformState: mark,
  });
  renderPage(<SignList />, '/manage/sign');
  return calls;
}

describe('check-in list', () => {
  it("opens on today's bookings, then searches with type, resource, state and booker as variables", async () => {
    const calls = open();
    await screen.findByText('王同学');
    const today = isoDay(Date.now());
    expect(callsOf(calls, 'findAppointmentSignAll')[0]).toEqual({
      first: 10,
      offset: 0,
      filter: {},
      appointmentDate: [today, today],
    });
    expect(within(screen.getByText('王同学').closest('tr')!).getByText('工作人员扫码 · 系统管理员')).toBeTruthy();

    await pickOption('资源类型', '会议室');
    await pickOption('资源', '行政楼305会议室');
    await pickOption('签到状态', '违约');
    typeInto('预约人', '  zhang ');
    await clickButton('查询');
    await waitFor(() => expect(callsOf(calls, 'findAppointmentSignAll').length).toBeGreaterThan(1));
    expect(callsOf(calls, 'findAppointmentSignAll').at(-1)).toEqual({
      first: 10,
      offset: 0,
      filter: { resources_type_id: { eq: '11111111-1111-4111-8111-111111111111' }, resources_id: { eq: ROOM_ID } },
      appointmentDate: [today, today],
      signState: '3',
      keyword: 'zhang',
    });

    await clickButton('重置');
    await waitFor(() =>
      expect(callsOf(calls, 'findAppointmentSignAll').at(-1)).toEqual({
        first: 10,
        offset: 0,
        filter: {},
        appointmentDate: [today, today],
      }),
    );
  });

  it('marks a booking a no-show only with a reason, and shows a refusal in the dialog', async () => {
    let refuse = true;
    const calls = open(() => ({
      updateAppointmentPerformState: refuse
        ? result('MARK_NOT_STARTED', '预约尚未开始（09:00 开始），不能标记违约', 'Not started')
        : result(),
    }));
    await screen.findByText('王同学');
    // a checked-in booking can no longer be marked a no-show
    expect(within(screen.getByText('王同学').closest('tr')!).queryByText(/标记违约/)).toBeNull();

    await clickButton('标记违约', screen.getByText('张同学').closest('tr')!);
    const dialog = await screen.findByRole('dialog');
    await clickButton('标记违约', dialog);
    expect(await within(dialog).findByText('请填写备注说明')).toBeTruthy();
    expect(callsOf(calls, 'updateAppointmentPerformState')).toEqual([]);

    typeInto('备注说明', '未到场');
    await clickButton('标记违约', dialog);
    expect(await within(dialog).findByText('预约尚未开始（09:00 开始），不能标记违约')).toBeTruthy();

    refuse = false;
    await clickButton('标记违约', dialog);
    expect(await screen.findByText('已标记为违约')).toBeTruthy();
    expect(callsOf(calls, 'updateAppointmentPerformState').at(-1)).toEqual({
      id: toCome.id,
      appointment_state: '2',
      reason: '未到场',
    });
  });
});
