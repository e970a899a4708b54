import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LookupSelect } from './LookupSelect.tsx';
import { prepareBackOfficeTest } from '../../../testing/back-office.ts';

beforeAll(prepareBackOfficeTest);

const ID = '11111111-1111-4111-8111-111111111111';
const shown = () => (document.querySelector('.ant-select')!.textContent ?? '').trim();

describe('LookupSelect', () => {
  it.each([
    ['choices still loading', { loading: true, options: [] }, '加载中…'],
    ['choices loaded', { loading: false, options: [{ value: ID, label: '研讨室' }] }, '研讨室'],
    ['choices loaded without it', { loading: false, options: [{ value: 'x', label: '报告厅' }] }, '已不存在'],
    ['choices failed', { loading: false, failed: true, options: [] }, '选项加载失败'],
  ])('a stored id with %s reads its words, never the id', (_case, props, text) => {
    render(<LookupSelect value={ID} {...props} />);
    expect(shown()).toBe(text);
  });

  it('an empty value is no choice: the placeholder, not "no longer exists"', () => {
    render(<LookupSelect value="" placeholder="请选择资源类型" options={[{ value: ID, label: '研讨室' }]} />);
    expect(shown()).toBe('请选择资源类型');
  });

  it('keeps the id at hand in a tooltip when its choice is gone', async () => {
    render(<LookupSelect value={ID} options={[]} />);
    fireEvent.mouseEnter(screen.getByText('已不存在'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(ID);
  });
});
