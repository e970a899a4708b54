import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveGraphql, signedInAnswers } from '../../../../testing/graphqlServer.ts';
import ResourceComments from './ResourceComments.tsx';
import { evaluation } from '../../../../features/evaluations/testing.ts';
import { prepareEvaluationTest, renderMobile, variablesOf } from './testing.tsx';

vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(prepareEvaluationTest);
afterEach(() => vi.unstubAllGlobals());

const resource = { id: 'r1', resources_name: '羽毛球场1号', resources_name_en: 'Court 1' };
const page = (nodes: object[], total: number, hasNextPage: boolean) => ({
  findAppointmentEvaluateAllByResources: {
    edges: nodes.map((node) => ({ node, cursor: '' })),
    pageInfo: { hasNextPage, endCursor: null },
    totalCount: total,
  },
});

const open = () =>
  renderMobile(<ResourceComments />, {
    path: '/mobile/resource/r1/comments',
    pattern: '/mobile/resource/:id/comments',
  });

describe('/mobile/resource/:id/comments', () => {
  it("shows the averages and the reviews, anonymous authors as 匿名用户, with the administrators' reply", async () => {
    serveGraphql({
      ...signedInAnswers,
      findResources: { findResources: resource },
      findAppointmentEvaluateAverage: {
        findAppointmentEvaluateAverage: [
          {
            resources_id: 'r1',
            evaluateCount: 2,
            average: 4.5,
            resources_score: 4,
            system_score: 5,
            service_score: 4.25,
          },
        ],
      },
      findAppointmentEvaluateAllByResources: page(
        [
          evaluation({ id: 'e1', content: '场地很干净', created_user: 'teacher', created_user_name: '李老师' }),
          evaluation({
            id: 'e2',
            content: '灯光有点暗',
            composite_score: 4,
            is_anonymous: '1',
            created_user: '',
            created_user_name: '',
            reply_content: '已安排维修',
            reply_time: '2026-03-04 08:30:00',
          }),
        ],
        2,
        false,
      ),
    });
    open();
    expect(await screen.findByRole('heading', { name: '羽毛球场1号' })).toBeTruthy();
    expect(await screen.findByText('4.5')).toBeTruthy();
    expect(screen.getByRole('img', { name: '综合评分: 4.5' })).toBeTruthy();
    expect(screen.getAllByText('2条评价').length).toBeGreaterThan(0);
    expect(screen.getByText('服务评分').nextElementSibling?.textContent).toBe('4.3');

    const items = await screen.findAllByRole('article');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('李老师')).toBeTruthy();
    expect(within(items[0]!).getByText('场地很干净')).toBeTruthy();
    expect(within(items[1]!).getByText('匿名用户')).toBeTruthy();
    expect(within(items[1]!).getByRole('img', { name: '综合评分：4星（满分5星）' })).toBeTruthy();
    expect(within(items[1]!).getByText('管理员回复')).toBeTruthy();
    expect(within(items[1]!).getByText('已安排维修')).toBeTruthy();
    expect(screen.getByText('没有更多评价了')).toBeTruthy();
    expect(variablesOf('findAppointmentEvaluateAverage')).toEqual([{ resourcesIdList: ['r1'] }]);
  });

  it('loads ten reviews at a time', async () => {
    const first = Array.from({ length: 10 }, (_, i) => evaluation({ id: `a${i}`, content: `评价${i}` }));
    serveGraphql({
      ...signedInAnswers,
      findResources: { findResources: resource },
      findAppointmentEvaluateAverage: { findAppointmentEvaluateAverage: [] },
      findAppointmentEvaluateAllByResources: page(first, 11, true),
    });
    open();
    expect(await screen.findByText('评价9')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await vi.waitFor(() => expect(variablesOf('findAppointmentEvaluateAllByResources')).toHaveLength(2));
    expect(variablesOf('findAppointmentEvaluateAllByResources')).toEqual([
      { resourcesId: 'r1', first: 10, offset: 0 },
      { resourcesId: 'r1', first: 10, offset: 10 },
    ]);
  });

  it('says so when nobody has evaluated the resource yet', async () => {
    serveGraphql({
      ...signedInAnswers,
      findResources: { findResources: resource },
      findAppointmentEvaluateAverage: { findAppointmentEvaluateAverage: [] },
      findAppointmentEvaluateAllByResources: page([], 0, false),
    });
    open();
    expect(await screen.findByText('还没有评价')).toBeTruthy();
    expect(screen.getByRole('img', { name: '综合评分: -' })).toBeTruthy();
  });
});
