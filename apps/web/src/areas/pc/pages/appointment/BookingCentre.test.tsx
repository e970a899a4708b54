import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connection, performedBooking } from '../../../../features/evaluations/testing.ts';
import { serveGraphql } from '../../../../testing/graphqlServer.ts';
import { RESOURCE_ID, TYPE_ID, court, courtType, dialogAnswers } from '../../booking/testing/fixtures.ts';
import { preparePcBookingTest, renderPc, variablesOf } from '../../booking/testing/pcTest.tsx';
import BookingCentre from './BookingCentre.tsx';

// The identity provider is outside the web app: a signed-in user from a stub of the auth module.
vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(preparePcBookingTest);
afterEach(() => vi.unstubAllGlobals());

const type = (id: string, name: string, tag: string) => ({
  ...courtType,
  id,
  resources_name: name,
  resources_tag: tag,
  resources_tag_en: '',
});
const types = [
  courtType,
  type('t-meeting', '会议室', '会议空间'),
  type('t-room', '研讨室', ''),
  type('t-tennis', '网球场', '体育场馆'),
];
const favourite = {
  id: 'like-1',
  resources_id: RESOURCE_ID,
  resources_name: '场地A',
  resources_name_en: 'Court A',
  resources_type_id: TYPE_ID,
  resources_type_name: '羽毛球场',
  resources_type_name_en: '',
  campus_name: '主校区',
  campus_name_en: '',
  building_name: '体育馆',
  building_name_en: '',
  floor_name: '',
  floor_name_en: '',
  capacity: 4,
  image_uri: '',
  state: 1,
  created_user: 'student',
  created_user_name: '张同学',
  create_time: '2026-03-01 08:00:00',
};

function serve(over: Record<string, unknown> = {}) {
  return serveGraphql({
    ...dialogAnswers,
    findResourcesTypeAllByAccount: { findResourcesTypeAllByAccount: types },
    findResourcesLikeAllForAccount: { findResourcesLikeAllForAccount: connection([favourite]) },
    findAppointmentInformationAllForAccount: {
      findAppointmentInformationAllForAccount: connection([
        performedBooking({ resources_id: 'r-room', resources_name: '研讨室101' }),
        performedBooking({ id: 'b2', resources_id: 'r-room', resources_name: '研讨室101' }),
      ]),
    },
    findResourcesAllByAccount: { findResourcesAllByAccount: [court] },
    ...over,
  });
}

const open = (search = '') =>
  renderPc(<BookingCentre />, { path: `/pc/appointment${search}`, pattern: '/pc/appointment' });

describe('/pc/appointment', () => {
  it('lists the categories the user may book, grouped by tag, each leading to its resource query', async () => {
    serve();
    open();
    const link = await screen.findByRole('link', { name: '羽毛球场' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe(`/pc/resources/${TYPE_ID}/list`);
    const sports = screen.getByRole('region', { name: '体育场馆' });
    expect(
      within(sports)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['羽毛球场', '网球场']);
    expect(within(screen.getByRole('region', { name: '会议空间' })).getAllByRole('link')).toHaveLength(1);
    const other = screen.getByRole('region', { name: '其他类别' });
    expect(within(other).getByRole('link', { name: '研讨室' }).getAttribute('href')).toBe('/pc/resources/t-room/list');
  });

  it('shows an empty state for the categories', async () => {
    serve({ findResourcesTypeAllByAccount: { findResourcesTypeAllByAccount: [] } });
    open();
    expect(await screen.findByText('暂无您可预约的资源类别', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('shows a failed category load with a retry', async () => {
    const calls = serve({ findResourcesTypeAllByAccount: { errors: [{ message: 'down' }] } });
    open();
    expect(await screen.findByText('down', {}, { timeout: 15_000 })).toBeTruthy();
    const retry = screen.getByRole('button', { name: /重\s?试/ });
    const before = calls.filter((c) => c === 'findResourcesTypeAllByAccount').length;
    fireEvent.click(retry);
    await waitFor(() =>
      expect(calls.filter((c) => c === 'findResourcesTypeAllByAccount').length).toBeGreaterThan(before),
    );
  });

  it('searches resource names on the server; a result leads to its venue page', async () => {
    serve();
    const router = open();
    const box = await screen.findByRole('searchbox', { name: '搜索资源名称' }, { timeout: 15_000 });
    fireEvent.change(box, { target: { value: ' 场地 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const results = await screen.findByRole('region', { name: '搜索结果' }, { timeout: 15_000 });
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E5%9C%BA%E5%9C%B0'));
    expect(variablesOf('findResourcesAllByAccount').at(-1)).toMatchObject({ resourceName: '场地' });
    expect(await within(results).findByText('找到 1 个资源')).toBeTruthy();
    const found = within(results).getByRole('link', { name: '场地A' });
    expect(found.getAttribute('href')).toBe(`/pc/venueDetail?id=${RESOURCE_ID}`);
  });

  it('says when nothing matches', async () => {
    serve({ findResourcesAllByAccount: { findResourcesAllByAccount: [] } });
    open('?q=%E6%B8%B8%E6%B3%B3');
    expect(await screen.findByText('没有名称包含“游泳”的资源', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('books a favourite or a recently booked resource in one click', { timeout: 60_000 }, async () => {
    serve();
    open();
    const favourites = await screen.findByText('我的收藏', {}, { timeout: 15_000 });
    expect(favourites).toBeTruthy();
    // the recent list names each resource once
    expect(await screen.findAllByRole('link', { name: '研讨室101' })).toHaveLength(1);
    fireEvent.click(await screen.findByRole('button', { name: '预约 场地A' }));
    const dialog = await screen.findByRole('dialog', { name: '预约 场地A' });
    expect(await within(dialog).findByRole('button', { name: '10:00–11:00 · 可预约' })).toBeTruthy();
  });
});
