import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Guard } from '../../../../app/session.tsx';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { ensureTranslations, initI18n } from '../../../../lib/i18n.ts';
import { serveGraphql, signedInAnswers } from '../../../../testing/graphqlServer.ts';
import PcHome from './PcHome.tsx';

// The identity provider is outside the web app: a signed-in user from a stub of the auth module.
vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(async () => {
  await initI18n();
  await ensureTranslations('desktop');
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
});
beforeEach(() => configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} }));
afterEach(() => vi.unstubAllGlobals());

const notice = (id: string, title: string, category = '1') => ({
  id,
  note_category: category,
  title,
  title_en: `${title} (en)`,
  release_time: '2026-03-01 08:00:00',
});
const type = (id: string, name: string, tag: string) => ({
  id,
  resources_name: name,
  resources_name_en: '',
  resources_tag: tag,
  resources_tag_en: '',
  icon: '',
});

function renderHome() {
  const router = createMemoryRouter(
    [
      {
        path: '/pc/home',
        element: (
          <Guard>
            <PcHome />
          </Guard>
        ),
      },
    ],
    { initialEntries: ['/pc/home'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/pc/home', () => {
  it('shows the welcome text, the bookable categories and the latest notices with their links', async () => {
    const calls = serveGraphql(
      {
        ...signedInAnswers,
        findFiveNotice: { findFiveNotice: [notice('n1', '三月开放安排', '2'), notice('n2', '场馆维修通知')] },
        findResourcesTypeAllByAccount: {
          findResourcesTypeAllByAccount: [type('t1', '羽毛球场', '体育场馆'), type('t2', '会议室', '')],
        },
      },
      { theme_welcome: '欢迎来到体育中心' },
    );
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: '欢迎来到体育中心' })).toBeTruthy();
    const court = await screen.findByRole('link', { name: /羽毛球场/ });
    expect(court.getAttribute('href')).toBe('/pc/resources/t1/list');
    expect(screen.getByText('体育场馆')).toBeTruthy();
    expect(screen.getByRole('link', { name: /会议室/ }).getAttribute('href')).toBe('/pc/resources/t2/list');
    expect(screen.getByRole('link', { name: '预约中心' }).getAttribute('href')).toBe('/pc/appointment');
    const first = await screen.findByRole('link', { name: /三月开放安排/ });
    expect(first.getAttribute('href')).toBe('/pc/announcementDetail/n1');
    expect(screen.getByRole('link', { name: '场馆维修通知' }).getAttribute('href')).toBe('/pc/announcementDetail/n2');
    expect(screen.getAllByRole('link', { name: '更多' }).map((l) => l.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/pc/announcements', '/pc/myAppointment']),
    );
    expect(calls).toContain('findFiveNotice');
  });

  it("lists the user's coming bookings soonest first, and the resources booked lately for quick booking", async () => {
    const day = (offset: number) => {
      const d = new Date();
      return new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset).getTime();
    };
    const booking = (id: string, name: string, date: number, start: string, audit = '0') => ({
      id,
      resources_id: `r-${name}`,
      resources_name: name,
      resources_name_en: '',
      appointment_date: date,
      start_time: start,
      end_time: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
      state: '0',
      audit_status: audit,
      appointment_state: '0',
      series_id: '',
    });
    const calls = serveGraphql({
      ...signedInAnswers,
      findFiveNotice: { findFiveNotice: [] },
      findResourcesTypeAllByAccount: { findResourcesTypeAllByAccount: [type('t1', '羽毛球场', '体育场馆')] },
      findAppointmentInformationAllForAccount: {
        findAppointmentInformationAllForAccount: {
          edges: [
            { node: booking('a3', '会议室305', day(3), '14:00', '1') },
            { node: booking('a1', '羽毛球场1号', day(1), '09:00') },
            { node: booking('a0', '健身房', day(-1), '09:00') },
          ],
          pageInfo: { hasNextPage: false, endCursor: null },
          totalCount: 3,
        },
      },
    });
    renderHome();
    const first = await screen.findByText('羽毛球场1号', { selector: '.yy-pc-home-upcoming-name' });
    const names = [...document.querySelectorAll('.yy-pc-home-upcoming-name')].map((n) => n.textContent);
    expect(names).toEqual(['羽毛球场1号', '会议室305']);
    expect(first.parentElement?.textContent).toContain('待履约');
    expect(
      screen.getByText('会议室305', { selector: '.yy-pc-home-upcoming-name' }).parentElement?.textContent,
    ).toContain('待审批');
    // quick booking offers the resources booked lately, ended ones included
    expect(screen.getByRole('button', { name: '健身房' })).toBeTruthy();
    expect(calls).toContain('findAppointmentInformationAllForAccount');
  });

  it('says so when there are no notices and no bookable types', async () => {
    serveGraphql({
      ...signedInAnswers,
      findFiveNotice: { findFiveNotice: [] },
      findResourcesTypeAllByAccount: { findResourcesTypeAllByAccount: [] },
    });
    renderHome();
    expect(await screen.findByText('暂无公告')).toBeTruthy();
    expect(await screen.findByText('暂无可预约的资源类型')).toBeTruthy();
    // without theme settings the welcome names the system
    expect(screen.getByRole('heading', { level: 1, name: '欢迎使用预约中心' })).toBeTruthy();
  });

  it('shows a failed load with a retry button', async () => {
    serveGraphql({
      ...signedInAnswers,
      findFiveNotice: { errors: [{ message: 'boom' }] },
      findResourcesTypeAllByAccount: { errors: [{ message: 'boom' }] },
    });
    renderHome();
    expect(await screen.findByText('公告加载失败')).toBeTruthy();
    expect(await screen.findByText('资源类型加载失败')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /重\s?试/ })).toHaveLength(2);
  });
});
