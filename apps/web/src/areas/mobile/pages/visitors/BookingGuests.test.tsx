import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import BookingGuests from './BookingGuests.tsx';
import { prepareVisitorTests, renderVisitorRoutes, serveVisitors, testVisit, categoryConfig } from './testing.tsx';

vi.mock('../../../../features/auth/auth.ts', () => ({
  currentUser: async () => ({ access_token: 'tok', profile: { sub: 't:u', preferred_username: 'student' } }),
  signIn: async () => {},
  watchUser: () => () => {},
}));

beforeAll(prepareVisitorTests);
afterEach(() => vi.unstubAllGlobals());

const BOOKING = 'b1';
const guest = (over: Record<string, unknown>) =>
  testVisit({ visitor_type: '3', booking_id: BOOKING, in_school_date: '2099-03-02', ...over });

const renderGuests = () =>
  renderVisitorRoutes(
    [
      {
        path: '/mobile/appointmentDetail/reserved/b1',
        element: <BookingGuests bookingId={BOOKING} />,
      },
    ],
    '/mobile/appointmentDetail/reserved/b1',
  );

const list = (nodes: unknown[]) => ({
  findVisitorAppointmentInformationAll: {
    findVisitorAppointmentInformationAll: { edges: nodes.map((node) => ({ node })), totalCount: nodes.length },
  },
});

describe("a booking's visitors (booking detail)", () => {
  it("lists this booking's guests, asked by type and booking; opens a guest's pass", async () => {
    const calls = serveVisitors(
      list([
        guest({ id: 'g1', visitor_name: '王*', phone: '139****0001', state: 2, pass_id: 'p1', can_cancel: false }),
        guest({ id: 'g2', visitor_name: '赵*', phone: '139****0002', state: 0, can_cancel: true }),
      ]),
    );
    const router = renderGuests();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual(['王*', '赵*']);
    expect(within(items[0]!).getByText('139****0001')).toBeTruthy();
    expect(within(items[0]!).getByText('已通过')).toBeTruthy();
    expect(within(items[1]!).getByText('待被访人审批')).toBeTruthy();
    expect(calls.find((c) => c.op === 'findVisitorAppointmentInformationAll')?.variables).toMatchObject({
      updateAppointmentState: '0',
      filter: { visitor_type: { eq: '3' }, booking_id: { eq: BOOKING } },
    });
    // a pass only for an approved guest, a cancel only where the server allows it
    expect(screen.queryByRole('button', { name: '赵*的通行码' })).toBeNull();
    expect(screen.queryByRole('button', { name: '取消王*的来访' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '王*的通行码' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/visitor/qrcode/g1'));
  });

  it('with QR passes off, offers no pass and says the gate checks name and ID', async () => {
    const calls = serveVisitors({
      ...list([guest({ id: 'g1', visitor_name: '王*', state: 2, pass_id: 'p1', can_cancel: true })]),
      ...categoryConfig({ is_visitor_qr_code: 0 }),
    });
    renderGuests();
    expect((await screen.findByRole('note')).textContent).toContain('门岗核对您的姓名和证件号码');
    await screen.findAllByRole('listitem');
    expect(screen.getByRole('button', { name: '取消王*的来访' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '王*的通行码' })).toBeNull();
    expect(calls.some((c) => c.op === 'findVisitorPass')).toBe(false);
  });

  it('checks name and mobile, adds a guest of the booking, and shows a refusal (room full) clearly', async () => {
    let refuse = true;
    const calls = serveVisitors({
      ...list([]),
      saveVisitorAppointment: () =>
        refuse
          ? {
              saveVisitorAppointment: {
                errcode: 'VISIT_ROOM_FULL',
                msg: '超出场地容量：可容纳 10 人，已有 10 人，本次 1 人',
                msg_en: "Over the room's capacity",
                ids: null,
              },
            }
          : { saveVisitorAppointment: { errcode: '0', msg: '成功', msg_en: 'OK', ids: ['g9'] } },
    });
    renderGuests();
    expect(await screen.findByText('尚未添加来访人员')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加来访人员' }));
    expect(await screen.findAllByText('此项为必填项')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '王五' } });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '1390000' } });
    fireEvent.click(screen.getByRole('button', { name: '添加来访人员' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(calls.some((c) => c.op === 'saveVisitorAppointment')).toBe(false);

    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '139 0000 0001' } });
    fireEvent.click(screen.getByRole('button', { name: '添加来访人员' }));
    expect(await screen.findByText('超出场地容量：可容纳 10 人，已有 10 人，本次 1 人')).toBeTruthy();
    expect(calls.find((c) => c.op === 'saveVisitorAppointment')?.variables).toEqual({
      model: { visitor_type: '3', booking_id: BOOKING, visitor_name: '王五', phone: '13900000001' },
    });
    // refused: what was typed stays
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('王五');

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: '添加来访人员' }));
    await waitFor(() => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe(''));
    expect(screen.queryByText(/超出场地容量/)).toBeNull();
    // the list is asked again after the change
    await waitFor(() =>
      expect(calls.filter((c) => c.op === 'findVisitorAppointmentInformationAll').length).toBeGreaterThan(1),
    );
  });

  it("cancels a guest's visit with a reason (required)", async () => {
    let cancelled = false;
    const calls = serveVisitors({
      findVisitorAppointmentInformationAll: () =>
        list([guest({ id: 'g2', visitor_name: '赵*', state: cancelled ? 4 : 0, can_cancel: !cancelled })])
          .findVisitorAppointmentInformationAll,
      cancelVisitorAppointment: () => {
        cancelled = true;
        return { cancelVisitorAppointment: { errcode: '0', msg: '成功', msg_en: 'OK' } };
      },
    });
    renderGuests();
    fireEvent.click(await screen.findByRole('button', { name: '取消赵*的来访' }));
    const sheet = await screen.findByRole('dialog', { name: '取消赵*的来访' });
    fireEvent.click(within(sheet).getByRole('button', { name: '取消来访' }));
    expect(await within(sheet).findByText('请填写原因')).toBeTruthy();
    expect(calls.some((c) => c.op === 'cancelVisitorAppointment')).toBe(false);
    fireEvent.change(within(sheet).getByLabelText('取消原因'), { target: { value: '会议改期' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '取消来访' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === 'cancelVisitorAppointment')?.variables).toEqual({
        id: 'g2',
        reason: '会议改期',
      }),
    );
    expect(await screen.findByText('已取消')).toBeTruthy();
  });

  it('a failed list says so and retries', async () => {
    let fail = true;
    serveVisitors({
      findVisitorAppointmentInformationAll: () =>
        fail ? { errors: [{ message: 'boom' }] } : list([]).findVisitorAppointmentInformationAll,
    });
    renderGuests();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('尚未添加来访人员')).toBeTruthy();
  });
});
