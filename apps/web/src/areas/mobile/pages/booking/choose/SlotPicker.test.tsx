import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { slot } from '../fixtures.ts';
import { prepareBookingTests } from '../testing.tsx';
import { SlotPicker } from './SlotPicker.tsx';

beforeAll(prepareBookingTests);

const slots = [
  slot('a', '08:00', '09:00', { state: 'expired', rule: 'expired' }),
  slot('b', '09:00', '10:00'),
  slot('c', '10:00', '11:00', { state: 'mine' }),
  slot('d', '11:00', '12:00', { state: 'taken', rule: 'taken' }),
  slot('e', '12:00', '13:00', { state: 'unavailable', rule: 'not_open', opens_at: '2026-03-08 21:00:00' }),
  slot('f', '13:00', '14:00', { state: 'unavailable', rule: 'occupied', reason_cn: '场地维修', reason_en: 'Repairs' }),
  slot('g', '14:00', '15:00', { state: 'full', rule: 'full', capacity: 50, remaining: 0 }),
  slot('h', '15:00', '16:00', { capacity: 50, remaining: 7 }),
];

describe('SlotPicker', () => {
  it('shows each slot in its look: closed, available, mine, taken, selected', () => {
    render(<SlotPicker slots={slots} selected={['b']} onToggle={() => {}} />);
    const look = (time: string) => screen.getByRole('button', { name: new RegExp(`^${time}`) }).dataset.look;
    expect(look('08:00-09:00')).toBe('unavailable');
    expect(look('09:00-10:00')).toBe('selected');
    expect(look('10:00-11:00')).toBe('mine');
    expect(look('11:00-12:00')).toBe('taken');
    expect(look('12:00-13:00')).toBe('unavailable');
    expect(look('14:00-15:00')).toBe('taken');
    expect(look('15:00-16:00')).toBe('available');
    expect(screen.getByRole('button', { name: '09:00-10:00 已选择' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '15:00-16:00 可预约 余7' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '10:00-11:00 我的预约' }).getAttribute('aria-pressed')).toBeNull();
    for (const text of ['不可预约', '可预约', '我的预约', '已被预约', '已选择']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
  });

  it('says why a closed slot cannot be booked and when it opens; selects only bookable ones', () => {
    const onToggle = vi.fn();
    render(<SlotPicker slots={slots} selected={[]} onToggle={onToggle} />);
    fireEvent.click(screen.getByRole('button', { name: /^12:00-13:00/ }));
    expect(screen.getByRole('status').textContent).toBe('12:00-13:00：未到开放预约时间，将于 2026-03-08 21:00 开放');
    fireEvent.click(screen.getByRole('button', { name: /^13:00-14:00/ }));
    expect(screen.getByRole('status').textContent).toBe('13:00-14:00：不可预约：场地维修');
    fireEvent.click(screen.getByRole('button', { name: /^11:00-12:00/ }));
    expect(screen.getByRole('status').textContent).toContain('已被他人预约');
    fireEvent.click(screen.getByRole('button', { name: /^08:00-09:00/ }));
    expect(screen.getByRole('status').textContent).toContain('该时段已过期');
    expect(onToggle).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /^09:00-10:00/ }));
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
