import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Guard } from '../../../../app/session.tsx';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { initI18n } from '../../../../lib/i18n.ts';
import { serveGraphql, signedInAnswers } from '../../../../testing/graphqlServer.ts';
import MobileHome from './MobileHome.tsx';

// The identity provider is outside the web app: a signed-in user from a stub of the auth module.
vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(async () => {
  await initI18n();
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
        path: '/mobile/home',
        element: (
          <Guard>
            <MobileHome />
          </Guard>
        ),
      },
    ],
    { initialEntries: ['/mobile/home'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/mobile/home', () => {
  it('shows the booking centre: categories as a grid and the latest notices with a more link', async () => {
    serveGraphql(
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
    expect(await screen.findByRole('heading', { level: 1, name: '预约中心' })).toBeTruthy();
    expect(await screen.findByText('欢迎来到体育中心')).toBeTruthy();
    const court = await screen.findByRole('link', { name: /羽毛球场/ });
    expect(court.getAttribute('href')).toBe('/mobile/search?typeId=t1');
    expect(screen.getByRole('link', { name: /会议室/ }).getAttribute('href')).toBe('/mobile/search?typeId=t2');
    expect(await screen.findByText('三月开放安排')).toBeTruthy();
    expect(screen.getByText('场馆维修通知')).toBeTruthy();
    expect(screen.getByRole('link', { name: '更多' }).getAttribute('href')).toBe('/mobile/announcements');
    // a host's way in to the visitor pages
    expect(screen.getByRole('link', { name: /访客预约/ }).getAttribute('href')).toBe('/mobile/visitor/home');
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
    expect(screen.getAllByRole('button', { name: '重试' })).toHaveLength(2);
  });
});
