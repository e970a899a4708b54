import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import OperateLogPage, { filterOf } from './OperateLog.tsx';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import i18n from 'i18next';
import { LANGUAGE_KEY } from '../../../../lib/i18n.ts';
import { loadTranslations } from '../../../../locales/index.ts';

beforeAll(prepareBackOfficeTest);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.removeItem(LANGUAGE_KEY);
  await i18n.changeLanguage('zh');
});

/** Switches the page to English (only the language in use is loaded at start). */
async function useEnglish() {
  for (const part of ['core', 'desktop', 'manage'] as const) {
    i18n.addResourceBundle('en', 'translation', await loadTranslations('en', part), true, true);
  }
  window.localStorage.setItem(LANGUAGE_KEY, 'en');
  await i18n.changeLanguage('en');
}

const entry = {
  id: '11111111-1111-4111-8111-111111111111',
  operate_user_id: 'admin',
  operate_user_name: '管理员',
  id_address: '127.0.0.1',
  operate_module: 'settings',
  operate_type: 'save',
  operate_content: '{"sys_name":"x"}',
  operate_object: 'o',
  operate_time: '2026-03-01 08:00:00',
};

/** The server: records every findOperateLogAll's variables and answers 25 matching entries. */
function serve(nodes: (typeof entry)[] = [entry]) {
  const calls: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push(body.variables);
      return new Response(
        JSON.stringify({
          data: {
            findOperateLogAll: {
              edges: nodes.map((node) => ({ node })),
              pageInfo: { hasNextPage: true },
              totalCount: 25,
            },
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
      <MemoryRouter initialEntries={['/manage/settings/operate-log']}>
        <App>
          <OperateLogPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Opens the select labelled `label` and picks the option reading `text`. */
async function pick(label: string, text: string) {
  const box = screen.getByLabelText(label);
  fireEvent.mouseDown(box);
  // The list is virtual (a few options rendered): search narrows it to the one wanted.
  fireEvent.change(box, { target: { value: text } });
  const option = await waitFor(() => {
    // The first select's list stays in the document while it fades: the last one is this select's.
    const found = screen.getAllByText(text, { selector: '.ant-select-item-option-content *' }).at(-1);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  await act(async () => {
    fireEvent.click(option);
  });
}

describe('operate log screen', () => {
  it('loads the first page, then searches with the filters as findOperateLogAll variables', async () => {
    const calls = serve();
    renderPage();
    await screen.findByText('{"sys_name":"x"}');
    expect(calls[0]).toEqual({ first: 10, offset: 0, filter: {}, operateTime: [] });
    expect(screen.getByText('共 25 条')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('操作人'), { target: { value: 'admin' } });
    await pick('模块', '系统设置');
    await pick('操作类型', '批量删除');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    });
    await waitFor(() => expect(calls.length).toBeGreaterThan(1));
    expect(calls.at(-1)).toEqual({
      first: 10,
      offset: 0,
      filter: {
        operate_user_id: { like: 'admin' },
        operate_module: { eq: 'settings' },
        // batchDelete and deleteAll read the same: picking the words finds both.
        operate_type: { in: ['batchDelete', 'deleteAll'] },
      },
      operateTime: [],
    });
  });

  const notice = {
    ...entry,
    id: '22222222-2222-4222-8222-222222222222',
    operate_module: 'notice',
    operate_type: 'updateState',
    operate_content: '公告状态 0 -> 1: 开馆通知',
  };
  const foreign = {
    ...entry,
    id: '33333333-3333-4333-8333-333333333333',
    operate_module: 'gateway',
    operate_type: 'sync',
  };

  it('shows module and action as words with the code in a tooltip; an unknown code as itself', async () => {
    serve([notice, foreign]);
    renderPage();
    const cell = await screen.findByText('公告');
    expect(screen.getByText('修改状态')).toBeTruthy();
    expect(screen.queryByText('notice')).toBeNull();
    expect(screen.queryByText('updateState')).toBeNull();
    expect(screen.getByText('gateway')).toBeTruthy();
    fireEvent.mouseEnter(cell);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'notice');
    // Chinese content in the Chinese screen carries no note.
    expect(screen.getByText('公告状态 0 -> 1: 开馆通知')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('in English: words in English, Chinese content as recorded with a note, JSON content without', async () => {
    await useEnglish();
    serve([notice, entry]);
    renderPage();
    await screen.findByText('Notices');
    expect(screen.getByText('Change state')).toBeTruthy();
    expect(screen.getByText('System settings')).toBeTruthy();
    expect(screen.getByText('公告状态 0 -> 1: 开馆通知')).toBeTruthy();
    const notes = screen.getAllByRole('note');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.textContent).toBe('ZH');
    expect(notes[0]!.getAttribute('aria-label')).toContain('recorded');
  });

  it('turns the picked range into operateTime text', () => {
    const at = (text: string) => ({ format: () => text });
    expect(filterOf({ range: [at('2026-03-01 00:00:00'), at('2026-03-02 12:30:00')] })).toEqual({
      user: undefined,
      module: undefined,
      type: undefined,
      range: ['2026-03-01 00:00:00', '2026-03-02 12:30:00'],
    });
    expect(filterOf({ range: null }).range).toBeNull();
  });
});
