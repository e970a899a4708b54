import type { BallotDateInfo, BallotEntryForSelf } from '../ballot.ts';

/** A date released by ballot whose window is open (closes 2099-02-23 21:10), no entries yet: tests' answer of findBallotDateInfo. */
export const ballotDateInfo = (resourceId: string, over: Partial<BallotDateInfo> = {}): BallotDateInfo => ({
  resources_id: resourceId,
  appointment_date: '2099-03-02',
  release_mode: 'ballot',
  window_minutes: 10,
  opens_at: '2099-02-23 21:00:00',
  closes_at: '2099-02-23 21:10:00',
  phase: 'collecting',
  slots: [],
  mine: [],
  ...over,
});

/** One of the caller's entries awaiting that date's draw: tests' row of findBallotEntriesForSelf. */
export const ballotEntry = (over: Partial<BallotEntryForSelf> = {}): BallotEntryForSelf => ({
  appointment_id: 'a1',
  slot: '09:00-10:00',
  outcome: 'waiting',
  refusal: '',
  closes_at: '2099-02-23 21:10:00',
  drawn_at: '',
  entered: 0,
  position: null,
  ...over,
});
