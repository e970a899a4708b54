import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ResourcesTypeList from './ResourcesTypeList.tsx';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';

beforeAll(prepareBackOfficeTest);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = {
  id: '11111111-1111-4111-8111-111111111111',
  resources_name: '羽毛球场',
  resources_name_en: 'Badminton court',
  state: '1',
};

/**
 * The server, answering only when the test says: the page asks findResourcesTypeAll twice (the
 * filtered list and the tag filter's choices); `answer` settles every call still waiting.
 */
function serve() {
  const waiting: ((r: () => Response) => void)[] = [];
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          calls += 1;
          waiting.push((make) => resolve(make()));
        }),
    ),
  );
  return {
    calls: () => calls,
    answer: async (make: () => Response) => {
      await act(async () => {
        for (const settle of waiting.splice(0)) settle(make);
      });
    },
  };
}

const json = (body: unknown) => () => new Response(JSON.stringify(body));

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/manage/resources/resources-type-list']}>
        <App>
          <ResourcesTypeList />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('resource type list: loading, empty and failed', () => {
  it('shows a spinner and no empty text until the first answer; an empty answer then reads as empty', async () => {
    const server = serve();
    renderList();
    await waitFor(() => expect(server.calls()).toBeGreaterThan(0));
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(screen.queryByText('暂无资源类型')).toBeNull();
    expect(screen.queryByText('暂无数据')).toBeNull();
    await server.answer(json({ data: { findResourcesTypeAll: [] } }));
    expect(await screen.findByText('暂无资源类型')).toBeTruthy();
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
  });

  it('a failed load shows the reason and a retry in the table, and the retry loads the rows', async () => {
    const server = serve();
    renderList();
    await waitFor(() => expect(server.calls()).toBeGreaterThan(0));
    await server.answer(() => new Response('upstream down', { status: 502 }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('加载失败');
    expect(screen.queryByText('暂无资源类型')).toBeNull();
    const before = server.calls();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    });
    await waitFor(() => expect(server.calls()).toBeGreaterThan(before));
    await server.answer(json({ data: { findResourcesTypeAll: [type] } }));
    expect(await screen.findByText('羽毛球场')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
