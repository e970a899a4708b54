import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPUP_SHOWN_KEY } from '../../../features/notices/popup.ts';
import { NoticePopup } from './NoticePopup.tsx';

const notice = (id: string, title: string, mode: string) => ({
  id,
  note_category: '2',
  title,
  title_en: '',
  resource_type_id: '',
  resource_type_name: '',
  content: `<p>${title} 正文</p>`,
  content_en: '',
  release_time: '2026-01-01 08:00:00',
  state: 1,
  popup_mode: mode,
  popup_end_date: '',
  created_user: 'admin',
  created_user_name: '管理员',
  del: 0,
  create_time: '2026-01-01 08:00:00',
  totalReadCounts: 0,
  todayReadCounts: 0,
  allTotalReadCounts: 0,
  allTodayReadCounts: 0,
  readerCounts: 0,
});

let calls: { op: string; variables: Record<string, unknown> }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ op: body.operationName, variables: body.variables });
      if (body.operationName === 'findNoticeAll') {
        // after both are read the server no longer offers them
        const read = calls.filter((c) => c.op === 'saveNoticeReadEntity').length;
        const nodes = read >= 2 ? [] : [notice('n1', '第一条', '1'), notice('n2', '第二条', '2')];
        return new Response(
          JSON.stringify({
            data: {
              findNoticeAll: {
                edges: nodes.map((node, i) => ({ node, cursor: String(i) })),
                pageInfo: { hasNextPage: false, endCursor: null },
                totalCount: nodes.length,
              },
            },
          }),
        );
      }
      return new Response(
        JSON.stringify({
          data: { saveNoticeReadEntity: { errcode: '0', msg: '操作成功', msg_en: 'Success', ids: ['r'] } },
        }),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPopup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {/* no motion: a closed dialog is hidden at once (jsdom runs no CSS transitions) */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <NoticePopup account="student" name="学生" />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

describe('NoticePopup (pc)', () => {
  it('steps through two unread notices, records a read for each, then closes and reloads the list', async () => {
    renderPopup();
    expect(await screen.findByText('第一条')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      op: 'findNoticeAll',
      variables: { first: 999, offset: -1, filter: { note_category: { eq: '2' } } },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /我已阅读 \(1\/2\)$/ }));
    });
    expect(await screen.findByText('第二条')).toBeTruthy();
    const second = await screen.findByRole('button', { name: /我已阅读 \(2\/2\)$/ });
    // the first read has finished recording (the button is no longer busy)
    await waitFor(() => expect(second.className).not.toContain('ant-btn-loading'));
    await act(async () => {
      fireEvent.click(second);
    });
    const reads = calls.filter((c) => c.op === 'saveNoticeReadEntity');
    expect(reads.map((c) => (c.variables.model as { notice_id: string }).notice_id)).toEqual(['n1', 'n2']);
    // closed: the dialog is hidden
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the list is loaded again after the last confirmation
    await waitFor(() => expect(calls.filter((c) => c.op === 'findNoticeAll')).toHaveLength(2));
    expect(window.sessionStorage.getItem(POPUP_SHOWN_KEY)).toBe('1');
  });

  it('shows once per visit: with the session flag set nothing is loaded', async () => {
    window.sessionStorage.setItem(POPUP_SHOWN_KEY, '1');
    renderPopup();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
