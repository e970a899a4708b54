import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RecordState } from './RecordState.tsx';
import { prepareBackOfficeTest } from '../../../testing/back-office.ts';

beforeAll(prepareBackOfficeTest);

const query = (over: Partial<Parameters<typeof RecordState>[0]['query']>) => ({
  isLoading: false,
  isFetching: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

describe('RecordState', () => {
  it('while the record loads: a spinner, not "not found"', () => {
    render(<RecordState query={query({ isLoading: true, isFetching: true })} notFound="资源不存在" />);
    expect(document.querySelector('[aria-busy="true"] .ant-spin')).not.toBeNull();
    expect(screen.queryByText('资源不存在')).toBeNull();
  });

  it('a failed load: the reason and a retry, not "not found"', async () => {
    const q = query({ error: new Error('网络不可用') });
    render(<RecordState query={q} notFound="资源不存在" extra={<a href="/back">返回</a>} />);
    expect(screen.getByText('加载失败')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('网络不可用');
    expect(screen.queryByText('资源不存在')).toBeNull();
    expect(screen.getByText('返回')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    });
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('answered without the record: "not found" with the way back', () => {
    render(<RecordState query={query({})} notFound="资源不存在" extra={<a href="/back">返回</a>} />);
    expect(screen.getByText('资源不存在')).toBeTruthy();
    expect(screen.getByText('返回')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /重\s*试/ })).toBeNull();
  });
});
