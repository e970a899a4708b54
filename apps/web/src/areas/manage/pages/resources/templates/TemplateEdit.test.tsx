import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { serveOperations } from '../testing.ts';
import TemplateEdit from './TemplateEdit.tsx';
import { TEMPLATE_ADD_PATH } from './paths.ts';

beforeAll(prepareBackOfficeTest);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server: answers saveResourcesRuleTemplate; returns the models sent, as they come. */
function serve() {
  const calls = serveOperations((op) =>
    op === 'saveResourcesRuleTemplate'
      ? { saveResourcesRuleTemplate: { errcode: '0', msg: '成功', msg_en: 'OK', ids: ['t1'] } }
      : undefined,
  );
  return () => calls.filter((c) => c.op === 'saveResourcesRuleTemplate').map((c) => c.variables.model);
}

function renderAdd() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter initialEntries={[TEMPLATE_ADD_PATH]}>
          <App>
            <Routes>
              <Route path={TEMPLATE_ADD_PATH} element={<TemplateEdit />} />
              <Route path="*" element={<p>left</p>} />
            </Routes>
          </App>
        </MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

/** A form control by its id (antd names them after the field path), once it is there. */
const field = <E extends HTMLElement = HTMLInputElement>(id: string) =>
  waitFor(() => {
    const el = document.getElementById(id);
    if (!el) throw new Error(`no #${id}`);
    return el as E;
  });
/** A control by its aria-label, once it is there. */
const labelled = (label: string) =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>(`[aria-label="${label}"]`);
    if (!el) throw new Error(`no control ${label}`);
    return el;
  });
const type = async (id: string, value: string) => fireEvent.change(await field(id), { target: { value } });
const save = () => act(async () => fireEvent.click(document.querySelector('button[type="submit"]')!));

describe('rule template form', { timeout: 120_000 }, () => {
  it('edits capacity rules and check-in notices, checks them, and sends them', async () => {
    const models = serve();
    renderAdd();
    await type('template_name', '研讨室规则');
    fireEvent.click(screen.getByText('添加时段'));
    fireEvent.click(screen.getByText('添加可预约数规则'));
    await type('capacityRules_0_start_date', '2030-01-01');
    await type('capacityRules_0_end_date', '2030-01-31');
    fireEvent.click(await labelled('需要签到'));
    fireEvent.click(await labelled('签到通知'));
    await type('config_signin_notification_rule', '请准时签到');

    // the capacity is missing: refused on its field, nothing sent
    await save();
    await waitFor(() =>
      expect(
        document.getElementById('capacityRules_0_available_number')?.closest('.ant-form-item')?.textContent,
      ).toContain('不能为空'),
    );
    expect(models()).toHaveLength(0);

    await type('capacityRules_0_available_number', '3');
    await save();
    await waitFor(() => expect(models()).toHaveLength(1));
    expect(models()[0]).toMatchObject({
      template_name: '研讨室规则',
      config: { signin_rule: '1', signin_notification_push: '1', signin_notification_rule: '请准时签到' },
      resourcesAvailableNumberRuleList: [
        {
          date_rule: '1',
          start_date: '2030-01-01',
          end_date: '2030-01-31',
          weeks: '',
          time_slot_rule: '0',
          start_time: '',
          end_time: '',
          available_number: 3,
        },
      ],
    });
    expect(await screen.findByText('left')).toBeTruthy();
  });
});
