import { describe, expect, it } from 'vitest';
import {
  awaitsDraw,
  ballotSlotLook,
  ballotSlots,
  ballotNotice,
  ballotTime,
  enteredSlots,
  entersBallot,
  outcomeKind,
  outcomeText,
  type BallotDateInfo,
} from './ballot.ts';

const info = (over: Partial<BallotDateInfo> = {}): BallotDateInfo => ({
  resources_id: 'r1',
  appointment_date: '2026-03-09',
  release_mode: 'ballot',
  window_minutes: 10,
  opens_at: '2026-03-02 21:00:00',
  closes_at: '2026-03-02 21:10:00',
  phase: 'collecting',
  slots: [],
  mine: [],
  ...over,
});

describe('ballotNotice', () => {
  it('says when entries open and close before the window, when it is drawn while collecting', () => {
    expect(ballotNotice(info({ phase: 'not_open' }), '2026-03-02')).toEqual({
      key: 'booking.ballot.phase.not_open',
      values: { from: '21:00', to: '21:10' },
    });
    expect(ballotNotice(info({ phase: 'not_open' }), '2026-03-01')?.values).toEqual({
      from: '03-02 21:00',
      to: '03-02 21:10',
    });
    expect(ballotNotice(info(), '2026-03-02')).toEqual({
      key: 'booking.ballot.phase.collecting',
      values: { time: '21:10' },
    });
  });

  it('then that the draw is pending, then that it was drawn; nothing for a date that races', () => {
    expect(ballotNotice(info({ phase: 'drawing' }), '2026-03-02')?.key).toBe('booking.ballot.phase.drawing');
    expect(ballotNotice(info({ phase: 'drawn' }), '2026-03-02')?.key).toBe('booking.ballot.phase.drawn');
    expect(ballotNotice(info({ release_mode: 'race', phase: 'race' }), '2026-03-02')).toBeNull();
    // a ballot date nobody entered books as usual after its window
    expect(ballotNotice(info({ phase: 'race' }), '2026-03-02')).toBeNull();
    expect(ballotNotice(null, '2026-03-02')).toBeNull();
  });
});

describe('the phase decides the submit', () => {
  it('enters the ballot only while collecting; the slots wait while drawing', () => {
    expect(entersBallot(info())).toBe(true);
    expect(entersBallot(info({ phase: 'drawn' }))).toBe(false);
    expect(entersBallot(info({ release_mode: 'race', phase: 'race' }))).toBe(false);
    expect(awaitsDraw(info({ phase: 'drawing' }))).toBe(true);
    expect(awaitsDraw(info())).toBe(false);
  });

  it('the slots the caller entered and still wait are known by their key', () => {
    const mine = enteredSlots(
      info({
        mine: [
          { slot: '10:00-11:00', appointment_id: 'a', outcome: 'waiting' },
          { slot: '11:00-12:00', appointment_id: 'b', outcome: 'withdrawn' },
        ],
      }),
    );
    expect([...mine]).toEqual(['10:00-11:00']);
    expect(enteredSlots(undefined).size).toBe(0);
  });
});

describe('outcomes', () => {
  it('a refusal names its rule, or says a booking rule for codes without words', () => {
    expect(outcomeText({ outcome: 'refused', refusal: 'BLACKLISTED' })).toEqual({
      key: 'booking.ballot.outcome.refused',
      reasonKey: 'booking.ballot.refusal.BLACKLISTED',
    });
    expect(outcomeText({ outcome: 'refused', refusal: 'SOMETHING_NEW' }).reasonKey).toBe(
      'booking.ballot.refusal.other',
    );
    expect(outcomeText({ outcome: 'full', refusal: '' })).toEqual({ key: 'booking.ballot.outcome.full' });
  });

  it('sorts outcomes into won, lost and waiting', () => {
    expect(outcomeKind('won')).toBe('won');
    expect(outcomeKind('waiting')).toBe('waiting');
    for (const o of ['full', 'capped', 'refused', 'duplicate', 'withdrawn'] as const)
      expect(outcomeKind(o)).toBe('lost');
  });

  it('times read short today, with the date otherwise', () => {
    expect(ballotTime('2026-03-02 21:10:00', '2026-03-02')).toBe('21:10');
    expect(ballotTime('2026-03-03 00:05:00', '2026-03-02')).toBe('03-03 00:05');
    expect(ballotTime('', '2026-03-02')).toBe('');
  });
});

describe('ballotSlotLook', () => {
  const slot = (kssj: string, state = 'available') => ({
    kssj,
    jssj: `${String(Number(kssj.slice(0, 2)) + 1).padStart(2, '0')}:00`,
    state,
  });
  const collecting = ballotSlots(info({ mine: [{ slot: '10:00-11:00', appointment_id: 'a', outcome: 'waiting' }] }));

  it('while collecting: an entered slot is the caller’s and not chosen again; the others can be entered', () => {
    expect(ballotSlotLook(slot('10:00'), collecting)).toMatchObject({
      look: 'mine',
      selectable: false,
      status: 'booking.ballot.slot.entered',
    });
    expect(ballotSlotLook(slot('11:00'), collecting)).toEqual({
      look: 'available',
      selectable: true,
      status: 'booking.ballot.slot.open',
    });
    // slots closed for other reasons keep their look
    expect(ballotSlotLook(slot('12:00', 'expired'), collecting)).toBeNull();
  });

  it('while the draw is due nothing can be chosen; before the window and after the draw slots show as usual', () => {
    const drawing = ballotSlots(info({ phase: 'drawing' }));
    expect(ballotSlotLook(slot('11:00'), drawing)).toMatchObject({
      look: 'unavailable',
      selectable: false,
      status: 'booking.ballot.slot.pending',
    });
    expect(ballotSlots(info({ phase: 'drawn' }))).toBeNull();
    expect(ballotSlots(info({ phase: 'not_open' }))).toBeNull();
    expect(ballotSlotLook(slot('11:00'), null)).toBeNull();
  });
});
