import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBookingTests, renderRoutes, serveBooking } from '../testing.tsx';
import { CalendarSubscription } from './CalendarSubscription.tsx';

vi.mock('../../../../../features/auth/auth.ts', () =>
  import('../../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(prepareBookingTests);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'A'.repeat(43);
const URL_ = `https://yy.example.edu/yy-sys/bus/calendar/feeds/${TOKEN}.ics`;
const FEED = {
  id: 'f1',
  kind: 'user',
  resources_id: '',
  resources_name: '',
  resources_name_en: '',
  create_time: '2026-11-27 10:00:00',
};
const routes = [{ path: '/mobile/personcenter', element: <CalendarSubscription /> }];

describe('personal centre: subscribe to my calendar', () => {
  it('makes the feed, shows its URL once with copy and a webcal link, then turns it off', async () => {
    let live: typeof FEED | null = null;
    const calls = serveBooking({
      findCalendarFeedAllForAccount: () => ({ findCalendarFeedAllForAccount: live ? [live] : [] }),
      saveCalendarFeed: () => {
        live = FEED;
        return {
          saveCalendarFeed: {
            errcode: '0',
            msg: '操作成功',
            msg_en: 'Success',
            url: URL_,
            webcal_url: URL_.replace('https:', 'webcal:'),
            replaced: false,
            feed: FEED,
          },
        };
      },
      deleteCalendarFeed: () => {
        live = null;
        return { deleteCalendarFeed: { errcode: '0', msg: '操作成功', msg_en: 'Success', ids: ['f1'] } };
      },
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes(routes, '/mobile/personcenter');

    expect(await screen.findByRole('heading', { name: '订阅我的日历' })).toBeTruthy();
    expect(await screen.findByText('尚未开启订阅')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '生成订阅链接' }));

    const box = (await screen.findByLabelText('订阅链接')) as HTMLTextAreaElement;
    expect(box.value).toBe(URL_);
    expect(screen.getByRole('note').textContent).toContain('只显示这一次');
    expect(screen.getByRole('link', { name: '在日历应用中打开' }).getAttribute('href')).toBe(
      URL_.replace('https:', 'webcal:'),
    );
    expect(calls.find((c) => c.op === 'saveCalendarFeed')!.variables).toEqual({ kind: 'user' });
    expect(screen.getByText('订阅已开启（2026-11-27 10:00:00 创建）')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '复制链接' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_));

    fireEvent.click(screen.getByRole('button', { name: '停用订阅' }));
    expect(await screen.findByText(/停用后该链接立即失效/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '停用订阅' }).at(-1)!);
    await waitFor(() => expect(calls.some((c) => c.op === 'deleteCalendarFeed')).toBe(true));
    expect(calls.find((c) => c.op === 'deleteCalendarFeed')!.variables).toEqual({ id: 'f1' });
    expect(await screen.findByText('尚未开启订阅')).toBeTruthy();
    expect(screen.queryByLabelText('订阅链接')).toBeNull();
  });

  it('shows the server’s reason when the feed cannot be made', async () => {
    serveBooking({
      findCalendarFeedAllForAccount: { findCalendarFeedAllForAccount: [] },
      saveCalendarFeed: {
        saveCalendarFeed: { errcode: '500', msg: '日历订阅类型只能是 user', msg_en: 'The calendar kind must be user' },
      },
    });
    renderRoutes(routes, '/mobile/personcenter');
    expect(await screen.findByText('尚未开启订阅')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '生成订阅链接' }));
    expect(await screen.findByText('日历订阅类型只能是 user', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByLabelText('订阅链接')).toBeNull();
  });
});
