import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VisitorRecord } from '../../../../../features/visitors-admin/records/types.ts';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { callsOf, clickButton, renderPage, result, serve, typeInto } from '../../sign/testing.tsx';
import VisitorInfo from './VisitorInfo.tsx';

vi.mock('../../../../../app/session.tsx', () => ({ useSession: () => ({ token: 'test-token' }) }));

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const record: VisitorRecord = {
  id: 'vvvvvvvv-0000-4000-8000-000000000001',
  visitor_name: '王访客',
  card_type: '1',
  card_number: '110***********1234',
  phone: '138****5678',
  gender: '',
  email: '',
  unit: '某某中学',
  post: '',
  person_type: '家长',
  is_car: 0,
  car_product: '',
  car_card_number: '',
  is_valid: 1,
  remark: '',
  data_source: 2,
  create_time: '2030-01-01 10:00:00',
};

function open(handlers: Record<string, (v: Record<string, unknown>) => unknown> = {}) {
  const calls = serve({
    findVisitorRegistrationEntityList: (v) => ({
      findVisitorRegistrationEntityList: {
        edges: [{ node: v.whole ? { ...record, phone: '13812345678', card_number: '110105198001011234' } : record }],
        totalCount: 1,
      },
    }),
    findVisitorCategoryConfig: () => ({
      findVisitorCategoryConfig: { overallSettings: null, detailSettings: [], areas: [] },
    }),
    batchUpdateVisitorInfo: () => ({ batchUpdateVisitorInfo: result() }),
    batchDeleteVisitorInfo: () => ({ batchDeleteVisitorInfo: result() }),
    addVisitorInfo: () => ({ addVisitorInfo: result() }),
    ...handlers,
  });
  renderPage(<VisitorInfo />, '/manage/visitorManagement/visitorInfo');
  return calls;
}

/** An XMLHttpRequest that answers the upload with `report` after reporting progress. */
function stubUpload(report: unknown, sent: { url?: string; auth?: string; file?: File }) {
  class FakeXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    status = 200;
    response: unknown = null;
    responseType = '';
    timeout = 0;
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    open(_method: string, url: string) {
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      if (name === 'authorization') sent.auth = value;
    }
    send(form: FormData) {
      sent.file = form.get('file') as File;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.response = report;
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

describe('visitor records', () => {
  it('lists masked numbers, searches by the whole phone, and shows numbers whole only when asked', async () => {
    const calls = open();
    await screen.findByText('王访客');
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect(callsOf(calls, 'findVisitorRegistrationEntityList')[0]).toMatchObject({
      first: 10,
      offset: 0,
      filter: {},
      whole: false,
    });
    typeInto('手机号', '13812345678');
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'findVisitorRegistrationEntityList').at(-1)).toMatchObject({
        filter: { phone: { eq: '13812345678' } },
      }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: '显示完整号码' }));
    });
    await screen.findByText('13812345678');
    expect(callsOf(calls, 'findVisitorRegistrationEntityList').at(-1)).toMatchObject({ whole: true });
  });

  it('imports a sheet with upload progress and shows each refused row with its reason', async () => {
    const sent: { url?: string; auth?: string; file?: File } = {};
    stubUpload(
      {
        errcode: '0',
        msg: '已导入2名访客，1行有错误未导入',
        msg_en: '2 visitors imported; 1 rows have errors and were not imported',
        total: 3,
        imported: 2,
        errors: [{ row: 4, field: 'phone', msg: '手机号与第2行重复', msg_en: 'Mobile phone repeats row 2' }],
      },
      sent,
    );
    open();
    await screen.findByText('王访客');
    await clickButton('导入');
    const dialog = await screen.findByRole('dialog');
    const input = () => dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    await clickButton('开始导入', dialog);
    expect(within(dialog).getByText('请先选择文件')).toBeTruthy();
    await act(async () => {
      fireEvent.change(input(), { target: { files: [new File(['x'], 'visitors.txt')] } });
    });
    expect(within(dialog).getByText('请选择 .xlsx 文件')).toBeTruthy();
    await act(async () => {
      fireEvent.change(input(), { target: { files: [new File(['x'], 'visitors.xlsx')] } });
    });
    await clickButton('开始导入', dialog);
    await waitFor(() => expect(dialog.textContent).toContain('导入结果'), { timeout: 5000 }).catch(() => {
      throw new Error(dialog.textContent ?? '');
    });
    const report = within(dialog).getByTestId('import-report');
    expect(sent).toMatchObject({ url: '/api/visitors/records/import', auth: 'Bearer test-token' });
    expect(sent.file?.name).toBe('visitors.xlsx');
    expect(within(report).getByText('导入结果：共 3 行，导入 2 行，1 行有错误')).toBeTruthy();
    const row = within(report).getByText('手机号与第2行重复').closest('tr')!;
    expect(within(row).getByText('4')).toBeTruthy();
    expect(within(row).getByText('手机号')).toBeTruthy();
  });

  it('a delete refused for visits ahead is offered again with the visits cancelled', async () => {
    const calls = open({
      batchDeleteVisitorInfo: (v) => ({
        batchDeleteVisitorInfo: v.cancelVisits
          ? result()
          : result(
              '500',
              '访客 王** 有1个已批准的未来来访，请先取消，或选择删除时一并取消',
              'Visitor 王** has 1 approved future visits',
            ),
      }),
    });
    await screen.findByText('王访客');
    const row = screen.getByText('王访客').closest('tr')!;
    await clickButton('删除', row);
    await clickButton('删除', (await screen.findByRole('tooltip')) as HTMLElement);
    expect((await screen.findAllByText('访客有未结束的来访')).length).toBeGreaterThan(0);
    await clickButton('取消来访并删除');
    await waitFor(() => expect(callsOf(calls, 'batchDeleteVisitorInfo')).toHaveLength(2));
    expect(callsOf(calls, 'batchDeleteVisitorInfo')).toEqual([
      { ids: [record.id], cancelVisits: false },
      { ids: [record.id], cancelVisits: true },
    ]);
  });
});
