import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareVisitorTests, renderVisitorRoutes, serveVisitors, testVisit } from './testing.tsx';
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
    fireEvent.click(screen.getByRole('button', { name: '查看入校二维码' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/visitor/qrcode/v1'));
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
});
