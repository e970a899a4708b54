import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './DataTable.tsx';
import { storageKeyOf } from './columnSettings.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';

interface Row {
  id: string;
  name: string;
  type: string;
  state: string;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', title: '名称', dataIndex: 'name', width: 160 },
  { key: 'type', title: '类型', dataIndex: 'type' },
  { key: 'state', title: '状态', dataIndex: 'state' },
];
const rows: Row[] = [
  { id: 'a', name: '报告厅', type: '场地', state: '启用' },
  { id: 'b', name: '会议室', type: '场地', state: '停用' },
];

beforeAll(prepareBackOfficeTest);

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <DataTable<Row> columns={columns} dataSource={rows} rowKey="id" pagination={false} />
    </MemoryRouter>,
  );
}

const headers = () =>
  Array.from(document.querySelectorAll('thead th'))
    .map((th) => th.textContent?.trim() ?? '')
    .filter(Boolean);

async function openPanel() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /列设置/ }));
  });
  return screen.getByRole('group', { name: '列设置' });
}

describe('DataTable', () => {
  it('renders a 50 px index column numbering the rows', () => {
    renderAt('/manage/a');
    expect(headers()).toEqual(['序号', '名称', '类型', '状态']);
    const firstCells = Array.from(document.querySelectorAll('tbody tr.ant-table-row')).map(
      (tr) => tr.querySelector('td')?.textContent,
    );
    expect(firstCells).toEqual(['1', '2']);
    expect(document.querySelector('colgroup col')?.getAttribute('style')).toContain('width: 50px');
  });

  it('hides a column after its box is unticked, and keeps it hidden on remount', async () => {
    const first = renderAt('/manage/a');
    const panel = await openPanel();
    await act(async () => {
      fireEvent.click(within(panel).getByRole('checkbox', { name: '类型' }));
    });
    expect(headers()).toEqual(['序号', '名称', '状态']);
    expect(screen.queryByText('场地')).toBeNull();
    first.unmount();
    renderAt('/manage/a');
    expect(headers()).toEqual(['序号', '名称', '状态']);
  });

  it('restores the saved order on remount for the same path only', async () => {
    const first = renderAt('/manage/b');
    const panel = await openPanel();
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: '下移：名称' }));
    });
    expect(headers()).toEqual(['序号', '类型', '名称', '状态']);
    const stored = JSON.parse(window.localStorage.getItem(storageKeyOf('/manage/b')) ?? 'null');
    expect(stored.version).toBe('1.0');
    first.unmount();

    const again = renderAt('/manage/b');
    expect(headers()).toEqual(['序号', '类型', '名称', '状态']);
    again.unmount();
    renderAt('/manage/c');
    expect(headers()).toEqual(['序号', '名称', '类型', '状态']);
  });

  it('resets to the defaults', async () => {
    window.localStorage.setItem(
      storageKeyOf('/manage/d'),
      JSON.stringify({
        version: '1.0',
        columns: [
          { key: 'state', visible: true },
          { key: 'name', visible: false },
          { key: 'type', visible: true },
        ],
      }),
    );
    renderAt('/manage/d');
    expect(headers()).toEqual(['序号', '状态', '类型']);
    const panel = await openPanel();
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: /重\s*置/ }));
    });
    expect(headers()).toEqual(['序号', '名称', '类型', '状态']);
    expect(window.localStorage.getItem(storageKeyOf('/manage/d'))).toBeNull();
  });

  it('ignores stored settings of another version', () => {
    window.localStorage.setItem(
      storageKeyOf('/manage/e'),
      JSON.stringify({ version: '0.1', columns: [{ key: 'state', visible: true }] }),
    );
    renderAt('/manage/e');
    expect(headers()).toEqual(['序号', '名称', '类型', '状态']);
  });

  it('resizes a column from the keyboard, not below 50 px', async () => {
    renderAt('/manage/f');
    const handle = screen.getByRole('separator', { name: '调整列宽：名称' });
    expect(handle.getAttribute('aria-valuenow')).toBe('160');
    // jsdom lays nothing out, so the cell measures 0 px wide: one step left clamps to the minimum.
    await act(async () => {
      fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    });
    const stored = JSON.parse(window.localStorage.getItem(storageKeyOf('/manage/f')) ?? 'null');
    expect(stored.columns[0]).toEqual({ key: 'name', visible: true, width: 50 });
    expect(screen.getByRole('separator', { name: '调整列宽：名称' }).getAttribute('aria-valuenow')).toBe('50');
  });

  describe('loading, empty and failed', () => {
    function renderState(props: { rows?: Row[]; loading?: boolean; error?: unknown; onRetry?: () => void }) {
      return render(
        <MemoryRouter initialEntries={['/manage/states']}>
          <DataTable<Row>
            columns={columns}
            rowKey="id"
            dataSource={props.rows ?? []}
            loading={props.loading}
            error={props.error}
            onRetry={props.onRetry}
            locale={{ emptyText: '暂无资源类型' }}
          />
        </MemoryRouter>,
      );
    }

    it('while loading with no rows yet: a spinner, no empty text', () => {
      renderState({ loading: true });
      expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
      expect(screen.queryByText('暂无资源类型')).toBeNull();
      expect(screen.queryByText('暂无数据')).toBeNull();
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    });

    it('loaded with no rows: the empty text, no spinner', () => {
      renderState({ loading: false });
      expect(screen.getByText('暂无资源类型')).toBeTruthy();
      expect(document.querySelector('.ant-spin-spinning')).toBeNull();
    });

    it('failed with no rows: the reason and a retry in place of the empty text', async () => {
      const onRetry = vi.fn();
      renderState({ error: new Error('网络不可用'), onRetry });
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('加载失败');
      expect(alert.textContent).toContain('网络不可用');
      expect(screen.queryByText('暂无资源类型')).toBeNull();
      await act(async () => {
        fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
      });
      expect(onRetry).toHaveBeenCalledTimes(1);
    });

    it('failed to refresh with rows shown: the rows stay under an alert with a retry', async () => {
      const onRetry = vi.fn();
      renderState({ rows, error: new Error('网络不可用'), onRetry });
      expect(screen.getByText('报告厅')).toBeTruthy();
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('刷新失败');
      await act(async () => {
        fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
      });
      expect(onRetry).toHaveBeenCalledTimes(1);
    });
  });
});
