import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RequestError } from '../lib/graphql.ts';
import { initI18n } from '../lib/i18n.ts';
import { createQueryClient } from './App.tsx';
import { ForbiddenGate } from './ForbiddenGate.tsx';
import { homeFor } from '../components/NoPermission.tsx';

beforeAll(async () => {
  await initI18n();
});

const refused = () => new RequestError('拒绝访问', 'graphql', 200, 'FORBIDDEN', 'Access denied');

function Page({ fail, id }: { fail: () => Error | null; id: string }) {
  const q = useQuery({
    queryKey: ['page', id],
    queryFn: async () => {
      const err = fail();
      if (err) throw err;
      return 'ok';
    },
  });
  return <p>{q.error ? `加载失败 ${q.error.message}` : (q.data ?? '…')}</p>;
}

function renderAt(path: string, fail: () => Error | null) {
  window.history.replaceState(null, '', path);
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/mobile/ordered/resources"
            element={
              <ForbiddenGate>
                <Page fail={fail} id="a" />
              </ForbiddenGate>
            }
          />
          <Route path="/mobile/home" element={<p>the home page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a page the server refuses to the user', () => {
  it('shows the no-permission page (whom to ask, the way home) instead of a failed load with a useless retry', async () => {
    let asked = 0;
    renderAt('/mobile/ordered/resources', () => {
      asked += 1;
      return refused();
    });
    expect(await screen.findByRole('heading', { name: '没有访问权限' })).toBeTruthy();
    expect(screen.getByText(/请联系.*管理员/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/mobile/home');
    expect(screen.queryByText(/加载失败/)).toBeNull();
    // A refusal is not asked again.
    expect(asked).toBe(1);
  });

  it('leaves other failures to the page', async () => {
    renderAt('/mobile/ordered/resources', () => new RequestError('服务器端出错', 'http', 500));
    expect(await screen.findByText(/加载失败 服务器端出错/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('没有访问权限')).toBeNull();
  });

  it('forgets the refusal once the user goes elsewhere', async () => {
    renderAt('/mobile/ordered/resources', () => refused());
    await screen.findByRole('heading', { name: '没有访问权限' });
    await act(async () => {
      screen.getByRole('link', { name: '返回首页' }).click();
    });
    expect(screen.queryByText('没有访问权限')).toBeNull();
    expect(screen.getByText('the home page')).toBeTruthy();
  });
});

describe('the way home from a refused page', () => {
  it("is the area's home the user may use", () => {
    expect(homeFor('/pc/appointmentScanner/x', false)).toBe('/pc/home');
    expect(homeFor('/mobile/ordered/resources', false)).toBe('/mobile/home');
    expect(homeFor('/manage/settings/sys', true)).toBe('/manage/home');
    expect(homeFor('/manage/settings/sys', false)).toBe('/pc/home');
  });
});
