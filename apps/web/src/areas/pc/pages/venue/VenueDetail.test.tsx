import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connection, evaluation } from '../../../../features/evaluations/testing.ts';
import { serveGraphql } from '../../../../testing/graphqlServer.ts';
import { RESOURCE_ID, court, dialogAnswers } from '../../booking/testing/fixtures.ts';
import { preparePcBookingTest, renderPc, variablesOf } from '../../booking/testing/pcTest.tsx';
import VenueDetail from './VenueDetail.tsx';

// The identity provider is outside the web app: a signed-in user from a stub of the auth module.
vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(preparePcBookingTest);
afterEach(() => vi.unstubAllGlobals());

const venue = {
  ...court,
  average: 4.5,
  evaluateCount: 2,
  describe: '<p>木地板<img src="x" onerror="window.__pwned = 1"></p><script>window.__pwned = 2</script>',
  resourcesImage: [
    { id: 'p1', uri: '/files/court-1.jpg', image_category: '1' },
    { id: 'p2', uri: '/files/court-2.jpg', image_category: '1' },
    { id: 'v1', uri: '/files/court-360.jpg', image_category: '2' },
  ],
};

const answers = {
  ...dialogAnswers,
  findResources: { findResources: venue },
  findResourcesLikeAllForAccount: { findResourcesLikeAllForAccount: connection([]) },
  findAppointmentEvaluateAverage: {
    findAppointmentEvaluateAverage: [
      {
        resources_id: RESOURCE_ID,
        evaluateCount: 2,
        average: 4.5,
        resources_score: 4,
        system_score: 5,
        service_score: 4.5,
      },
    ],
  },
  findAppointmentEvaluateAllByResources: {
    findAppointmentEvaluateAllByResources: connection([
      evaluation({ resources_id: RESOURCE_ID, content: '场地很干净' }),
    ]),
  },
};

const open = (search: string) =>
  renderPc(<VenueDetail />, { path: `/pc/venueDetail${search}`, pattern: '/pc/venueDetail' });

describe('/pc/venueDetail', () => {
  it('without an id asks nothing of the server and leads back to the booking centre', async () => {
    const calls = serveGraphql(answers);
    const router = open('');
    expect(await screen.findByRole('heading', { name: '未指定场馆' }, { timeout: 15_000 })).toBeTruthy();
    expect(calls).not.toContain('findResources');
    fireEvent.click(screen.getByRole('button', { name: '返回预约中心' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pc/appointment'));
  });

  it('with an id naming nothing the user may see shows not found with a way back', async () => {
    serveGraphql({ ...answers, findResources: { findResources: null } });
    open('?id=not-a-resource');
    expect(await screen.findByRole('heading', { name: '场馆不存在或您无权查看' }, { timeout: 15_000 })).toBeTruthy();
    expect(variablesOf('findResources')).toEqual([{ id: 'not-a-resource' }]);
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/pc/home');
    expect(screen.queryByRole('button', { name: '立即预约' })).toBeNull();
  });

  it(
    'shows the venue: facts, description as text only, instructions, rating and reviews',
    { timeout: 60_000 },
    async () => {
      serveGraphql(answers);
      open(`?id=${RESOURCE_ID}`);
      expect(await screen.findByRole('heading', { level: 1, name: '场地A' }, { timeout: 15_000 })).toBeTruthy();
      // pictures (not the panorama) in the carousel, the panorama as a link opening a new tab
      expect(screen.getByAltText('场地A 图片 1/2')).toBeTruthy();
      expect(screen.queryByAltText('场地A 图片 3/3')).toBeNull();
      const panorama = screen.getByRole('link', { name: /查看全景/ });
      expect(panorama.getAttribute('href')).toBe('/files/court-360.jpg');
      expect(panorama.getAttribute('target')).toBe('_blank');
      // the current picture large, from a button
      expect(document.querySelector('.ant-image-preview')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: /查看大图/ }));
      await waitFor(() =>
        expect(document.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe('/files/court-1.jpg'),
      );
      // facts
      expect(screen.getByText('主校区 · 体育馆')).toBeTruthy();
      expect(screen.getByText('YMQ-01')).toBeTruthy();
      expect(screen.getByText('无需审核，提交即预约成功')).toBeTruthy();
      // the unsanitized description is shown as text: no element of it reaches the page
      expect(screen.getByText('木地板')).toBeTruthy();
      expect(document.querySelector('img[src="x"]')).toBeNull();
      expect(document.querySelector('.yy-venue script')).toBeNull();
      expect((window as { __pwned?: number }).__pwned).toBeUndefined();
      // the server-sanitized instructions as HTML
      expect(await screen.findByText('场馆预约须知')).toBeTruthy();
      expect(screen.getByText('请穿运动鞋入场').tagName).toBe('P');
      // the average and the latest reviews
      expect(screen.getByRole('img', { name: '综合评分 4.5，共 2 条评价' })).toBeTruthy();
      expect(await screen.findByText('场地很干净', {}, { timeout: 15_000 })).toBeTruthy();
      expect(variablesOf('findAppointmentEvaluateAllByResources')[0]).toMatchObject({ resourcesId: RESOURCE_ID });
      // the favourite heart
      expect(screen.getByRole('button', { name: '收藏' }).getAttribute('aria-pressed')).toBe('false');
    },
  );

  it('books through the multi-step booking dialog', { timeout: 60_000 }, async () => {
    serveGraphql(answers);
    open(`?id=${RESOURCE_ID}`);
    const book = await screen.findByRole('button', { name: '立即预约' }, { timeout: 15_000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(book);
    const dialog = await screen.findByRole('dialog', { name: '预约 场地A' });
    expect(await within(dialog).findByRole('button', { name: '10:00–11:00 · 可预约' })).toBeTruthy();
    expect(within(dialog).getByText('选择时间')).toBeTruthy();
  });

  it('cannot book a disabled venue', async () => {
    serveGraphql({ ...answers, findResources: { findResources: { ...venue, state: 0 } } });
    open(`?id=${RESOURCE_ID}`);
    const book = await screen.findByRole('button', { name: '立即预约' }, { timeout: 15_000 });
    expect(book).toHaveProperty('disabled', true);
    expect(screen.getByText('已停用')).toBeTruthy();
  });
});
