import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureGraphql } from '../../lib/graphql.ts';
import { initI18n } from '../../lib/i18n.ts';
import { SignCodeBanner } from './components/SignCodeBanner.tsx';
import { ensureCheckinTranslations } from './i18n.ts';
import { makeSignCode, serveChanging } from './testing.ts';
import { useSignCodeFromUrl } from './useSignCodeFromUrl.ts';

const RESOURCE = '5f0c8f0e-2a8e-4c57-9b0d-3f2d6e1a7b44';
const BOOKING = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const code = makeSignCode(1, RESOURCE);

beforeAll(async () => {
  await initI18n();
  await ensureCheckinTranslations();
});

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

function renderAt(path: string, page: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/mobile/venueDetail/:id', element: page },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
beforeEach(() => configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} }));
afterEach(() => vi.unstubAllGlobals());

/** What the venue page does with the hook. */
function Venue({ goOn }: { goOn?: boolean }) {
  const state = useSignCodeFromUrl({ goToSignedPage: goOn });
  return <SignCodeBanner state={state} />;
}

describe('useSignCodeFromUrl', () => {
  it('checks in once with the code of the address, and goes on to the success page', async () => {
    const calls = serveChanging({
      saveAppointmentSignIn: {
        saveAppointmentSignIn: { errcode: '0', msg: '签到成功', msg_en: 'Checked in', appointmentId: BOOKING },
      },
    });
    renderAt(`/mobile/venueDetail/${RESOURCE}?signCode=${code}`, <Venue />);
    expect((await screen.findByTestId('landed')).textContent).toBe(`/mobile/signed?id=${BOOKING}`);
    expect(calls).toEqual([{ op: 'saveAppointmentSignIn', variables: { code } }]);
  });

  it('shows a refusal with its reason, takes the code out of the address, and can check out instead', async () => {
    const calls = serveChanging({
      saveAppointmentSignIn: {
        saveAppointmentSignIn: {
          errcode: '500',
          msg: '该预约已签到（2026-05-04 09:50:00）',
          msg_en: 'Already checked in',
        },
      },
      saveAppointmentSignOut: {
        saveAppointmentSignOut: { errcode: '0', msg: '签退成功', msg_en: 'Checked out', appointmentId: BOOKING },
      },
    });
    const router = renderAt(`/mobile/venueDetail/${RESOURCE}?signCode=${code}&from=poster`, <Venue goOn={false} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('签到失败');
    expect(alert.textContent).toContain('该预约已签到（2026-05-04 09:50:00）');
    expect(router.state.location.search).toBe('?from=poster');
    fireEvent.click(screen.getByRole('button', { name: '改为签退' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('签退成功'));
    expect(calls.find((c) => c.op === 'saveAppointmentSignOut')?.variables).toEqual({ code });
  });

  it('says so when the address holds no check-in code, without asking the server', async () => {
    const calls = serveChanging({});
    renderAt(`/mobile/venueDetail/${RESOURCE}?signCode=nonsense`, <Venue />);
    expect((await screen.findByRole('alert')).textContent).toContain('未识别到签到二维码');
    expect(calls).toEqual([]);
  });

  it('does nothing without a code', async () => {
    const calls = serveChanging({});
    renderAt(`/mobile/venueDetail/${RESOURCE}`, <Venue />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(calls).toEqual([]);
  });
});
