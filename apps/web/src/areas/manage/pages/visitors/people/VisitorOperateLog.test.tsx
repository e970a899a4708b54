import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY } from '../../../../../lib/i18n.ts';
import { loadTranslations } from '../../../../../locales/index.ts';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import VisitorOperateLogPage from './VisitorOperateLog.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.removeItem(LANGUAGE_KEY);
  await i18n.changeLanguage('zh');
});

const entry = {
  id: '22222222-2222-4222-8222-222222222222',
  operate_user_id: 'vadmin',
  operate_user_name: '访客管理员',
  id_address: '10.0.0.8',
  operate_module: 'visitor',
  operate_type: 'viewWhole',
  operate_content: '王** 138****5678',
  operate_object: 'a',
  operate_time: '2030-01-01 09:30:00',
};

/** The server: records each request and answers the visitor log (or an error). */
function serve(answer: 'ok' | 'error' = 'ok') {
  const calls: { operationName: string; query: string; variables: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as (typeof calls)[number];
      calls.push(body);
      if (answer === 'error')
        return new Response(
          JSON.stringify({ data: null, errors: [{ message: '拒绝访问', extensions: { code: 'FORBIDDEN' } }] }),
        );
      return new Response(
        JSON.stringify({
          data: {
            findVisitorOperateLogList: { edges: [{ node: entry }], pageInfo: { hasNextPage: false }, totalCount: 1 },
          },
        }),
      );
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/manage/visitorManagement/visitorOperateLog']}>
        <App>
          <VisitorOperateLogPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('VisitorOperateLogPage', () => {
  it("reads the visitor module's log: actions in words, no module filter, no deleting; detail from the row", async () => {
    const calls = serve();
    renderPage();
    expect(await screen.findByText('查看完整号码')).toBeTruthy();
    expect(calls.every((c) => c.query.includes('findVisitorOperateLogList'))).toBe(true);
    expect(calls.some((c) => c.query.includes('findOperateLogAll'))).toBe(false);
    expect(screen.queryByLabelText('模块')).toBeNull();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    expect(screen.getByText('10.0.0.8')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByText('vadmin')).toBeTruthy());
    expect(within(drawer).queryByRole('button', { name: /删除/ })).toBeNull();
    expect(calls.some((c) => c.query.includes('findOperateLog('))).toBe(false);
  });

  it('filters by user and sends it with the page', async () => {
    const calls = serve();
    renderPage();
    await screen.findByText('查看完整号码');
    fireEvent.change(screen.getByLabelText('操作人'), { target: { value: 'vadmin' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(JSON.stringify(calls.at(-1)?.variables.filter)).toContain('vadmin'));
  });

  it('shows the refusal when the server refuses, in English too', async () => {
    for (const part of ['core', 'desktop', 'manage'] as const) {
      i18n.addResourceBundle('en', 'translation', await loadTranslations('en', part), true, true);
    }
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    await i18n.changeLanguage('en');
    serve('error');
    renderPage();
    expect(await screen.findByText('Visitor operation log')).toBeTruthy();
    await waitFor(() => expect(document.body.textContent).toMatch(/拒绝访问|denied|FORBIDDEN/i));
  });
});
