import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY } from '../../../../../lib/i18n.ts';
import { loadTranslations } from '../../../../../locales/index.ts';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import LongTermVisitorPage, { longTermFilterOf } from './LongTermVisitor.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.removeItem(LANGUAGE_KEY);
  await i18n.changeLanguage('zh');
});

const AREA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const row = {
  id: '33333333-3333-4333-8333-333333333333',
  user_name: '张长期',
  user_id: '',
  person_type: '施工人员',
  dept: '外包公司',
  phone: '138****2222',
  permission: AREA,
  valid_from: '2020-01-01',
  valid_to: '2099-12-31',
  weekdays: '1,2,3,4,5',
  start_time: '07:00',
  end_time: '19:00',
  data_source: 1,
  is_enable: 1,
};

type Call = { query: string; variables: Record<string, unknown> };

/** The server: the long-term list (or a refusal), the visitor areas, and mutations answered (or refused). */
function serve(opts: { rows?: (typeof row)[]; list?: 'ok' | 'error'; refuse?: string } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Call;
      calls.push(body);
      const json = (data: unknown) => new Response(JSON.stringify(data));
      if (body.query.includes('findVisitorCategoryConfig'))
        return json({
          data: {
            findVisitorCategoryConfig: {
              overallSettings: null,
              detailSettings: [],
              areas: [
                {
                  id: AREA,
                  resources_name: '东门',
                  resources_name_en: 'East gate',
                  campus_name: '',
                  building_name: '',
                  available_number: 0,
                },
              ],
            },
          },
        });
      if (body.query.includes('findVisitorLongTermEntityList')) {
        if (opts.list === 'error')
          return json({ data: null, errors: [{ message: '拒绝访问', extensions: { code: 'FORBIDDEN' } }] });
        const rows = opts.rows ?? [row];
        return json({
          data: { findVisitorLongTermEntityList: { edges: rows.map((node) => ({ node })), totalCount: rows.length } },
        });
      }
      const name = /mutation\s+(\w+)/.exec(body.query)?.[1] ?? 'x';
      const result = opts.refuse
        ? { errcode: '500', msg: opts.refuse, msg_en: opts.refuse, ids: null }
        : { errcode: '0', msg: '成功', msg_en: 'Success', ids: [row.id] };
      return json({ data: { [name]: result } });
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/manage/visitorManagement/longTermVisitor']}>
        <App>
          <LongTermVisitorPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const mutations = (calls: Call[], name: string) => calls.filter((c) => c.query.includes(`mutation ${name}`));

describe('longTermFilterOf', () => {
  it('leaves out empty values', () => {
    expect(longTermFilterOf({ user_name: ' 张 ', person_type: '', is_enable: '0', validity: 'current' })).toEqual({
      user_name: { like: '张' },
      is_enable: { eq: '0' },
      validity: { eq: 'current' },
    });
  });
});

describe('LongTermVisitorPage', () => {
  it('lists long-term visitors: masked phone, areas by name, weekdays and validity in words; searches', async () => {
    const calls = serve();
    renderPage();
    expect(await screen.findByText('张长期')).toBeTruthy();
    expect(screen.getByText('138****2222')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('东门')).toBeTruthy());
    expect(screen.getByText('工作日')).toBeTruthy();
    expect(screen.getByText('07:00-19:00')).toBeTruthy();
    expect(screen.getAllByText('有效').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.query.includes('findVisitorLongTermEntityList')).at(-1)?.variables.filter).toEqual({
        user_name: { like: '张' },
      }),
    );
  });

  it('disables the selected ones', async () => {
    const calls = serve();
    renderPage();
    await screen.findByText('张长期');
    const rowEl = screen.getByText('张长期').closest('tr')!;
    fireEvent.click(within(rowEl).getByRole('checkbox'));
    const toolbarDisable = await screen
      .findAllByRole('button', { name: '停 用' })
      .catch(() => screen.findAllByRole('button', { name: '停用' }));
    fireEvent.click(toolbarDisable[0]!);
    await waitFor(() => expect(mutations(calls, 'updateVisitorLongTermListState')).toHaveLength(1));
    expect(mutations(calls, 'updateVisitorLongTermListState')[0]!.variables).toEqual({ ids: [row.id], is_enable: 0 });
  });

  it('adds one with the form; the server refusal is shown and the dialog stays', async () => {
    const calls = serve({ refuse: '长期访客信息无效：结束日期' });
    renderPage();
    await screen.findByText('张长期');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '李新' } });
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '13900001111' } });
    const [from, to] = within(dialog).getAllByPlaceholderText(/开始日期|结束日期/);
    await act(async () => {
      fireEvent.mouseDown(from!);
      fireEvent.change(from!, { target: { value: '2030-01-01' } });
      fireEvent.keyDown(from!, { key: 'Enter' });
      fireEvent.change(to!, { target: { value: '2030-06-30' } });
      fireEvent.keyDown(to!, { key: 'Enter' });
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(mutations(calls, 'saveVisitorLongTermEntity')).toHaveLength(1));
    expect(mutations(calls, 'saveVisitorLongTermEntity')[0]!.variables.model).toMatchObject({
      user_name: '李新',
      phone: '13900001111',
      valid_from: '2030-01-01',
      valid_to: '2030-06-30',
      weekdays: '1,2,3,4,5',
      start_time: '00:00',
      end_time: '24:00',
      is_enable: 1,
      permission: '',
    });
    expect(await screen.findByText('长期访客信息无效：结束日期')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says when there are none, and why a list could not load (in English)', async () => {
    serve({ rows: [] });
    renderPage();
    expect(await screen.findByText('暂无长期访客')).toBeTruthy();
    cleanup();
    for (const part of ['core', 'desktop', 'manage'] as const) {
      i18n.addResourceBundle('en', 'translation', await loadTranslations('en', part), true, true);
    }
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    await i18n.changeLanguage('en');
    serve({ list: 'error' });
    renderPage();
    expect(
      await screen.findByText('Long-term visitors', { selector: '.ant-card-head-title *, .ant-card-head-title' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.body.textContent).toMatch(/拒绝访问|denied/i));
  });
});
