import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResourcesTypeForm } from './ResourcesTypeForm.tsx';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';

// The icon upload needs a signed-in session and the upload endpoint; here it is a plain input.
vi.mock('../../settings/ImageUploadField.tsx', () => ({
  ImageUploadField: ({ value, onChange, label }: { value?: string; onChange?: (v: string) => void; label: string }) => (
    <input aria-label={label} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());

type Answer = Record<string, unknown>;

/** The server: one answer per operation name; records every call's variables. */
function serve(answers: Record<string, Answer>) {
  const calls: { op: string; variables: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ op: body.operationName, variables: body.variables });
      const answer = answers[body.operationName];
      if (!answer)
        return new Response(JSON.stringify({ errors: [{ message: `no answer for ${body.operationName}` }] }));
      return new Response(JSON.stringify({ data: answer }));
    }),
  );
  return calls;
}

const directory = {
  findCodesAll: { findCodesAll: { edges: [], pageInfo: { hasNextPage: false }, totalCount: 0 } },
  departments: { departments: [] },
  posts: { posts: [] },
};

function renderForm(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <ResourcesTypeForm open type={null} onClose={onClose} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));

describe('resource type form validation', () => {
  it("refuses an empty name in the spec's words and sends nothing", async () => {
    const calls = serve(directory);
    renderForm();
    save();
    expect(await screen.findByText('类型名称不能为空')).toBeTruthy();
    expect(calls.some((c) => c.op === 'saveResourcesType')).toBe(false);
  });

  it('checks the daily hours: HH:mm and the end after the start', async () => {
    const calls = serve(directory);
    renderForm();
    fireEvent.change(screen.getByLabelText('类型名称'), { target: { value: '报告厅' } });
    fireEvent.change(screen.getByLabelText('每日开放开始时间'), { target: { value: '18:00' } });
    fireEvent.change(screen.getByLabelText('每日开放结束时间'), { target: { value: '08:00' } });
    save();
    expect(await screen.findByText('结束时间必须晚于开始时间')).toBeTruthy();
    expect(calls.some((c) => c.op === 'saveResourcesType')).toBe(false);
  });

  it('requires the limit and the dates of a per-person limit between two dates', async () => {
    const calls = serve(directory);
    renderForm();
    fireEvent.change(screen.getByLabelText('类型名称'), { target: { value: '报告厅' } });
    fireEvent.click(screen.getByRole('tab', { name: '预约规则' }));
    fireEvent.click(screen.getByLabelText('限制每人预约次数'));
    fireEvent.mouseDown(await screen.findByLabelText('统计周期'));
    fireEvent.click(await screen.findByText('指定日期范围'));
    expect(await screen.findByLabelText('开始日期')).toBeTruthy();
    save();
    expect(await screen.findByText('次数上限不能为空')).toBeTruthy();
    expect(screen.getByText('开始日期不能为空')).toBeTruthy();
    expect(screen.getByText('结束日期不能为空')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2030-05-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2030-04-01' } });
    save();
    expect(await screen.findByText('结束日期不能早于开始日期', undefined, { timeout: 3000 })).toBeTruthy();
    expect(calls.some((c) => c.op === 'saveResourcesType')).toBe(false);
  });

  it('sends a valid type as saveResourcesType and closes', async () => {
    const calls = serve({
      ...directory,
      saveResourcesType: { saveResourcesType: { errcode: '0', msg: '操作成功', msg_en: 'Success', ids: ['t1'] } },
    });
    const onClose = renderForm();
    fireEvent.change(screen.getByLabelText('类型名称'), { target: { value: ' 报告厅 ' } });
    fireEvent.change(screen.getByLabelText('分类标签'), { target: { value: '会议空间' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const model = calls.find((c) => c.op === 'saveResourcesType')!.variables.model as Record<string, unknown>;
    expect(model).toMatchObject({
      resources_name: '报告厅',
      resources_tag: '会议空间',
      state: 1,
      common_enable: '1',
      cyclicity_enable: '0',
      is_appointment_number_limit: '0',
      appointment_number_rule: '',
      resourcesTypeAuthList: [],
      extendedProperties: [],
      userDisplayInfoConfigList: [],
      appointmentNumberLimitRuleList: [],
    });
    expect(model).not.toHaveProperty('id');
  });

  it("shows the server's refusal and stays open", async () => {
    serve({
      ...directory,
      saveResourcesType: {
        saveResourcesType: {
          errcode: '500',
          msg: '资源类型名称不能为空',
          msg_en: 'The resource type name cannot be empty',
        },
      },
    });
    const onClose = renderForm();
    fireEvent.change(screen.getByLabelText('类型名称'), { target: { value: '报告厅' } });
    save();
    expect(await screen.findByText('资源类型名称不能为空')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
