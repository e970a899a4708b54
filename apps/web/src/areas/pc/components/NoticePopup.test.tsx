import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPUP_FRESH_MS } from '../../../features/notices/usePopupNotices.ts';
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
/** What the server offers when asked; null: the two notices until both are read. */
let published: ReturnType<typeof notice>[] | null;

beforeEach(() => {
  calls = [];
  published = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ op: body.operationName, variables: body.variables });
      if (body.operationName === 'findNoticeAll') {
        // after both are read the server no longer offers them
        const read = calls.filter((c) => c.op === 'saveNoticeReadEntity').length;
        const nodes = published ?? (read >= 2 ? [] : [notice('n1', '第一条', '1'), notice('n2', '第二条', '2')]);
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
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

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
  });

  it('a reload shows a notice published since the page was first loaded', async () => {
    published = [];
    const first = renderPopup();
    await waitFor(() => expect(calls.filter((c) => c.op === 'findNoticeAll')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    // an administrator publishes; the student reloads the page (same browser session)
    published = [notice('n3', '新发布', '1')];
    renderPopup();
    expect(await screen.findByText('新发布')).toBeTruthy();
  });

  it('an open tab shows a notice published since on its next focus', async () => {
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: t0 });
    published = [];
    renderPopup();
    await waitFor(() => expect(calls.filter((c) => c.op === 'findNoticeAll')).toHaveLength(1));
    published = [notice('n3', '新发布', '1')];
    // a quick switch back within the fresh time asks nothing
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(calls.filter((c) => c.op === 'findNoticeAll')).toHaveLength(1);
    vi.setSystemTime(t0 + POPUP_FRESH_MS + 1);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('新发布')).toBeTruthy();
    expect(calls.filter((c) => c.op === 'findNoticeAll')).toHaveLength(2);
  });

  it('a focus while stepping through does not restart the dialog', async () => {
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: t0 });
    renderPopup();
    expect(await screen.findByText('第一条')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /我已阅读 \(1\/2\)$/ }));
    });
    expect(await screen.findByText('第二条')).toBeTruthy();
    // the server still answers with both (as a list loaded before the first read would)
    vi.setSystemTime(t0 + POPUP_FRESH_MS + 1);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(calls.filter((c) => c.op === 'findNoticeAll')).toHaveLength(2));
    expect(screen.getByText('第二条')).toBeTruthy();
    expect(screen.getByRole('button', { name: /我已阅读 \(2\/2\)$/ })).toBeTruthy();
  });
});
