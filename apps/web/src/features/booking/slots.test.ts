import { describe, expect, it } from 'vitest';
import { freeTimeProblem, isSelectable, selectedSlots, slotExplanation, slotLook, toggleSlot } from './slots.ts';
import type { SlotAvailability } from './types.ts';

const slot = (over: Partial<SlotAvailability>): SlotAvailability => ({
  id: 's',
  kssj: '09:00',
  jssj: '10:00',
  state: 'available',
  rule: '',
  opens_at: '',
  capacity: 1,
  remaining: 1,
  reason_cn: '',
  reason_en: '',
  ...over,
});

describe('slotLook', () => {
  it('maps the server states to the five looks, selection only on a bookable slot', () => {
    expect(slotLook(slot({ state: 'available' }), false)).toBe('available');
    expect(slotLook(slot({ state: 'available' }), true)).toBe('selected');
    expect(slotLook(slot({ state: 'mine' }), true)).toBe('mine');
    expect(slotLook(slot({ state: 'taken' }), false)).toBe('taken');
    expect(slotLook(slot({ state: 'full' }), false)).toBe('taken');
    expect(slotLook(slot({ state: 'expired' }), true)).toBe('unavailable');
    expect(slotLook(slot({ state: 'unavailable' }), false)).toBe('unavailable');
    expect(isSelectable(slot({ state: 'mine' }))).toBe(false);
    expect(isSelectable(slot({ state: 'available' }))).toBe(true);
  });
});

describe('slotExplanation', () => {
  it('says when a slot that is not open yet opens', () => {
    expect(
      slotExplanation(slot({ state: 'unavailable', rule: 'not_open', opens_at: '2026-03-08 21:00:00' }), 'zh'),
    ).toEqual({ key: 'booking.why.not_open', values: { time: '2026-03-08 21:00' } });
  });

  it("gives a closure's own reason in the current language, falling back to the other", () => {
    const closed = slot({ state: 'unavailable', rule: 'occupied', reason_cn: '场地维修', reason_en: 'Maintenance' });
    expect(slotExplanation(closed, 'zh')).toEqual({ key: 'booking.why.closedBecause', values: { reason: '场地维修' } });
    expect(slotExplanation(closed, 'en')).toEqual({
      key: 'booking.why.closedBecause',
      values: { reason: 'Maintenance' },
    });
    expect(slotExplanation({ ...closed, reason_en: '' }, 'en')?.values).toEqual({ reason: '场地维修' });
    expect(slotExplanation({ ...closed, reason_cn: '', reason_en: '' }, 'zh')).toEqual({ key: 'booking.why.occupied' });
  });

  it('names the other rules and says nothing for a bookable slot', () => {
    for (const rule of ['expired', 'advance_min', 'advance_max', 'taken', 'full']) {
      expect(slotExplanation(slot({ state: 'unavailable', rule }), 'zh')).toEqual({ key: `booking.why.${rule}` });
    }
    expect(slotExplanation(slot({ state: 'mine' }), 'zh')).toEqual({ key: 'booking.why.mine' });
    expect(slotExplanation(slot({ state: 'available' }), 'zh')).toBeNull();
  });
});

describe('selection', () => {
  it('keeps the chosen slots still bookable, in time order', () => {
    const slots = [
      slot({ id: 'c', kssj: '11:00', jssj: '12:00' }),
      slot({ id: 'a', kssj: '09:00', jssj: '10:00' }),
      slot({ id: 'b', kssj: '10:00', jssj: '11:00', state: 'taken' }),
    ];
    expect(selectedSlots(slots, ['c', 'a', 'b', 'gone']).map((s) => s.id)).toEqual(['a', 'c']);
  });

  it('toggles, keeping one at most in single mode', () => {
    expect(toggleSlot(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleSlot(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleSlot(['a'], 'b', true)).toEqual(['b']);
  });
});

describe('freeTimeProblem', () => {
  const lunch = [{ start_time: '12:00', end_time: '13:30', reason_cn: '午休', reason_en: 'Lunch break' }];
  it('accepts a period within the bounds that avoids closed periods', () => {
    expect(freeTimeProblem('09:00', '10:30', { min: 30, max: 240 }, lunch, 'zh')).toBeNull();
    expect(freeTimeProblem('13:30', '14:00', { min: 0, max: 0 }, lunch, 'zh')).toBeNull();
  });

  it('refuses a backwards, too short, too long or closed period', () => {
    expect(freeTimeProblem('10:00', '09:00', { min: 0, max: 0 }, [], 'zh')?.key).toBe('booking.choose.invalid.time');
    expect(freeTimeProblem('', '09:00', { min: 0, max: 0 }, [], 'zh')?.key).toBe('booking.choose.invalid.time');
    expect(freeTimeProblem('09:00', '09:15', { min: 30, max: 240 }, [], 'zh')).toEqual({
      key: 'booking.choose.invalid.tooShort',
      values: { min: 30 },
    });
    expect(freeTimeProblem('08:00', '13:00', { min: 30, max: 240 }, [], 'zh')?.key).toBe(
      'booking.choose.invalid.tooLong',
    );
    expect(freeTimeProblem('11:00', '12:30', { min: 0, max: 0 }, lunch, 'en')).toEqual({
      key: 'booking.choose.invalid.closed',
      values: { start: '12:00', end: '13:30', reason: 'Lunch break' },
    });
  });
});
