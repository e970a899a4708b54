import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  categoryConfig,
  prepareVisitorTests,
  renderVisitorRoutes,
  serveVisitors,
  testVisit,
} from '../../../mobile/pages/visitors/testing.tsx';
import BookingGuestsPanel from './BookingGuestsPanel.tsx';

vi.mock('../../../../features/auth/auth.ts', () => ({
  currentUser: async () => ({ access_token: 'tok', profile: { sub: 't:u', preferred_username: 'student' } }),
  signIn: async () => {},
  watchUser: () => () => {},
}));

beforeAll(prepareVisitorTests);
afterEach(() => vi.unstubAllGlobals());

const approved = testVisit({
  id: 'g1',
  visitor_type: '3',
  booking_id: 'b1',
  visitor_name: '王*',
  state: 2,
  pass_id: 'p1',
  can_cancel: true,
});
const list = {
  findVisitorAppointmentInformationAll: {
    findVisitorAppointmentInformationAll: { edges: [{ node: approved }], totalCount: 1 },
  },
};
const renderPanel = () =>
  renderVisitorRoutes(
    [{ path: '/pc/appointment/b1', element: <BookingGuestsPanel bookingId="b1" /> }],
    '/pc/appointment/b1',
  );

describe("a booking's visitors on the desktop", () => {
  it("links an approved guest's pass while QR passes are on", async () => {
    serveVisitors({ ...list, ...categoryConfig() });
    renderPanel();
    const item = (await screen.findAllByRole('listitem'))[0]!;
    const pass = await within(item).findByRole('link', { name: '王*的通行码' });
    expect(pass.getAttribute('href')).toBe('/mobile/visitor/qrcode/g1');
  });

  it('with QR passes off, links no pass and says the gate checks name and ID', async () => {
    serveVisitors({ ...list, ...categoryConfig({ is_visitor_qr_code: 0 }) });
    renderPanel();
    expect(await screen.findByText(/门岗核对您的姓名和证件号码/)).toBeTruthy();
    const item = (await screen.findAllByRole('listitem'))[0]!;
    expect(within(item).getByRole('button', { name: '取消王*的来访' })).toBeTruthy();
    expect(within(item).queryByRole('link', { name: '王*的通行码' })).toBeNull();
  });
});
