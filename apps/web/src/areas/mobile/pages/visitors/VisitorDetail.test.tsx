import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  prepareVisitorTests,
  renderVisitorRoutes,
  serveVisitors,
  testVisit,
  categoryConfig,
  testArea,
  unlimitedQuota,
} from './testing.tsx';
import VisitorDetail from './VisitorDetail.tsx';

vi.mock('../../../../features/auth/auth.ts', () => ({
  currentUser: async () => ({ access_token: 'tok', profile: { sub: 't:u', preferred_username: 'student' } }),
  signIn: async () => {},
  watchUser: () => () => {},
}));

beforeAll(prepareVisitorTests);
afterEach(() => vi.unstubAllGlobals());

const PATTERN = '/mobile/visitor/detail/:id';
const renderDetail = (id = 'v1') =>
  renderVisitorRoutes([{ path: PATTERN, element: <VisitorDetail /> }], `/mobile/visitor/detail/${id}`);
const ok = (op: string) => ({ [op]: { errcode: '0', msg: '成功', msg_en: 'OK', ids: [] } });

describe('/mobile/visitor/detail/{id}', () => {
  it('shows the visit, its approval trail and a link to the pass once approved', async () => {
    serveVisitors({
      ...categoryConfig(),
      findVisitorAppointmentDetail: {
        findVisitorAppointmentDetail: testVisit({
          state: 2,
          can_cancel: true,
          is_car: 1,
          car_card_number: '京A12345',
          infoList: [{ field_name: 'nat', field_label: '国籍', field_label_en: null, value: '中国' }],
          auditList: [
            {
              id: 'a1',
              step: 1,
              result: 'approved',
              reason: null,
              operator_name: '李老师',
              create_time: '2099-03-01 11:00',
            },
          ],
        }),
      },
    });
    const router = renderDetail();
    expect(await screen.findByRole('heading', { name: '2099-03-02' })).toBeTruthy();
    expect(screen.getByText('已通过').querySelector('svg')).not.toBeNull();
    expect(screen.getByText('京A12345')).toBeTruthy();
    expect(screen.getByText('中国')).toBeTruthy();
    const trail = within(screen.getByRole('region', { name: '审批流程' }));
    expect(trail.getByText('被访人审批 · 通过')).toBeTruthy();
    expect(trail.getByText('李老师 · 2099-03-01 11:00')).toBeTruthy();
    // not the host of it: no approval buttons
    expect(screen.queryByRole('button', { name: '通过' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '查看入校二维码' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/visitor/qrcode/v1'));
  });

  it('with QR passes off, offers no pass and says the gate checks name and ID', async () => {
    serveVisitors({
      ...categoryConfig({ is_visitor_qr_code: 0 }),
      findVisitorAppointmentDetail: { findVisitorAppointmentDetail: testVisit({ state: 2, can_cancel: true }) },
    });
    renderDetail();
    expect(await screen.findByRole('note')).toHaveProperty(
      'textContent',
      '本单位不使用二维码通行证：入校时请向门岗出示身份证件，门岗核对您的姓名和证件号码后放行。',
    );
    expect(screen.queryByRole('button', { name: '查看入校二维码' })).toBeNull();
    expect(document.querySelector('a[href*="/mobile/visitor/qrcode"]')).toBeNull();
    // the rest of the page is as usual
    expect(screen.getByRole('button', { name: '取消访问' })).toBeTruthy();
  });

  it('cancels with a reason (required), then shows the new state', async () => {
    let state = 0;
    const calls = serveVisitors({
      findVisitorAppointmentDetail: () => ({
        findVisitorAppointmentDetail: testVisit({ state, can_cancel: state === 0 }),
      }),
      cancelVisitorAppointment: () => {
        state = 4;
        return ok('cancelVisitorAppointment');
      },
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '取消访问' }));
    const sheet = within(await screen.findByRole('dialog', { name: '取消访问' }));
    fireEvent.click(sheet.getByRole('button', { name: '确认取消' }));
    expect(await sheet.findByText('请填写原因')).toBeTruthy();
    expect(calls.some((c) => c.op === 'cancelVisitorAppointment')).toBe(false);
    fireEvent.change(sheet.getByLabelText('取消原因'), { target: { value: '行程有变' } });
    fireEvent.click(sheet.getByRole('button', { name: '确认取消' }));
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(calls.find((c) => c.op === 'cancelVisitorAppointment')?.variables).toEqual({ id: 'v1', reason: '行程有变' });
    expect(screen.queryByRole('button', { name: '取消访问' })).toBeNull();
  });

  it('lets the host approve, and reject with a reason; a refusal shows its reason', async () => {
    let answer: 'refuse' | 'ok' = 'refuse';
    const calls = serveVisitors({
      findVisitorAppointmentDetail: { findVisitorAppointmentDetail: testVisit({ can_audit: true, can_cancel: false }) },
      auditVisitorAppointment: () =>
        answer === 'refuse'
          ? {
              auditVisitorAppointment: {
                errcode: 'VISIT_NOT_AWAITING',
                msg: '该访问已处理',
                msg_en: 'Already decided',
              },
            }
          : ok('auditVisitorAppointment'),
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '通过' }));
    expect(await screen.findByText('该访问已处理')).toBeTruthy();
    expect(calls.find((c) => c.op === 'auditVisitorAppointment')?.variables).toEqual({
      id: 'v1',
      state: '2',
      reason: null,
    });

    answer = 'ok';
    fireEvent.click(screen.getByRole('button', { name: '驳回' }));
    const sheet = within(await screen.findByRole('dialog', { name: '驳回访问申请' }));
    fireEvent.change(sheet.getByLabelText('驳回原因'), { target: { value: '当日无人接待' } });
    fireEvent.click(sheet.getByRole('button', { name: '驳回' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.op === 'auditVisitorAppointment').at(-1)?.variables).toEqual({
        id: 'v1',
        state: '3',
        reason: '当日无人接待',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the visit is not there', async () => {
    serveVisitors({ findVisitorAppointmentDetail: { findVisitorAppointmentDetail: null } });
    renderDetail('nope');
    expect(await screen.findByText('未找到该访问记录')).toBeTruthy();
  });

  describe('changing a visit not yet approved', () => {
    const config = categoryConfig({}, [testArea('a1', '东门'), testArea('a2', '图书馆')]);
    const quota = unlimitedQuota;
    // the host's invitation, awaiting the visitor: its inviter may change it
    const invitation = (over: Record<string, unknown> = {}) =>
      testVisit({
        visitor_type: '2',
        state: 5,
        can_cancel: true,
        can_update: true,
        in_school_date: '2099-03-02',
        ...over,
      });

    it('is offered only where the server says the viewer may change the visit (can_update)', async () => {
      serveVisitors({
        findVisitorAppointmentDetail: { findVisitorAppointmentDetail: invitation({ state: 2, can_update: false }) },
      });
      renderDetail();
      await screen.findByRole('heading', { name: '2099-03-02' });
      expect(screen.queryByRole('button', { name: '修改来访' })).toBeNull();
      cleanup();
      serveVisitors({
        findVisitorAppointmentDetail: {
          findVisitorAppointmentDetail: testVisit({ visitor_type: '1', can_cancel: false, can_update: false }),
        },
      });
      renderDetail();
      await screen.findByRole('heading', { name: '2099-03-02' });
      expect(screen.queryByRole('button', { name: '修改来访' })).toBeNull();
      cleanup();
      serveVisitors({
        findVisitorAppointmentDetail: {
          findVisitorAppointmentDetail: invitation({ in_school_date: '2000-01-01', can_update: false }),
        },
      });
      renderDetail();
      await screen.findByRole('heading', { name: '2000-01-01' });
      expect(screen.queryByRole('button', { name: '修改来访' })).toBeNull();
    });

    it('changes date, areas, reason, party and car; a refusal is shown and the form kept; saved, the detail again', async () => {
      let refuse = true;
      let visit = invitation();
      const calls = serveVisitors({
        ...config,
        findVisitorAvailableNumber: quota,
        findVisitorAppointmentDetail: () => ({ findVisitorAppointmentDetail: visit }),
        updateVisitorAppointment: (v) => {
          if (refuse)
            return {
              updateVisitorAppointment: {
                errcode: 'VISIT_QUOTA_FULL',
                msg: '图书馆当日名额不足',
                msg_en: 'Not enough places',
              },
            };
          const m = v.model as Record<string, unknown>;
          visit = invitation({
            in_school_date: m.in_school_date,
            in_school_reason: m.in_school_reason,
            peers: m.peers,
          });
          return ok('updateVisitorAppointment');
        },
      });
      renderDetail();
      fireEvent.click(await screen.findByRole('button', { name: '修改来访' }));
      expect(await screen.findByRole('heading', { name: '修改来访信息' })).toBeTruthy();
      // starts from the visit's values
      expect((screen.getByLabelText('来访日期') as HTMLInputElement).value).toBe('2099-03-02');
      expect((screen.getByRole('checkbox', { name: /东门/ }) as HTMLInputElement).checked).toBe(true);
      expect((screen.getByLabelText('来访事由') as HTMLTextAreaElement).value).toBe('学术交流');

      fireEvent.click(screen.getByRole('checkbox', { name: /东门/ }));
      fireEvent.change(screen.getByLabelText('来访事由'), { target: { value: '' } });
      fireEvent.change(screen.getByLabelText('随行人数'), { target: { value: '99' } });
      fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
      expect(await screen.findByText('请至少选择一个来访区域')).toBeTruthy();
      expect(screen.getByText('此项为必填项')).toBeTruthy();
      expect(screen.getByText('人数应在 0-50 之间')).toBeTruthy();
      expect(calls.some((c) => c.op === 'updateVisitorAppointment')).toBe(false);

      fireEvent.change(screen.getByLabelText('来访日期'), { target: { value: '2099-03-05' } });
      fireEvent.click(screen.getByRole('checkbox', { name: /图书馆/ }));
      fireEvent.change(screen.getByLabelText('来访事由'), { target: { value: '项目讨论' } });
      fireEvent.change(screen.getByLabelText('随行人数'), { target: { value: '2' } });
      fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
      expect(await screen.findByText('图书馆当日名额不足')).toBeTruthy();
      expect(calls.find((c) => c.op === 'updateVisitorAppointment')?.variables).toEqual({
        model: {
          id: 'v1',
          in_school_date: '2099-03-05',
          in_school_reason: '项目讨论',
          in_school_area: 'a2',
          peers: 2,
          in_child: 0,
          is_car: 0,
        },
      });
      expect((screen.getByLabelText('来访事由') as HTMLTextAreaElement).value).toBe('项目讨论');

      refuse = false;
      fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
      expect(await screen.findByRole('heading', { name: '2099-03-05' })).toBeTruthy();
      expect(screen.getByText('项目讨论')).toBeTruthy();
      expect(screen.queryByRole('heading', { name: '修改来访信息' })).toBeNull();
    });

    it("a booking's guest changes only the party (the booking fixes day and areas)", async () => {
      const calls = serveVisitors({
        findVisitorAppointmentDetail: {
          findVisitorAppointmentDetail: invitation({ visitor_type: '3', state: 0, booking_id: 'b1' }),
        },
        updateVisitorAppointment: ok('updateVisitorAppointment'),
      });
      renderDetail();
      fireEvent.click(await screen.findByRole('button', { name: '修改来访' }));
      await screen.findByRole('heading', { name: '修改来访信息' });
      expect(screen.queryByLabelText('来访日期')).toBeNull();
      expect(screen.queryByLabelText('来访事由')).toBeNull();
      fireEvent.change(screen.getByLabelText('随行儿童'), { target: { value: '1' } });
      fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
      await waitFor(() =>
        expect(calls.find((c) => c.op === 'updateVisitorAppointment')?.variables).toEqual({
          model: { id: 'v1', peers: 1, in_child: 1 },
        }),
      );
      // the areas were never asked for
      expect(calls.some((c) => c.op === 'findVisitorCategoryConfig')).toBe(false);
    });
  });
});
