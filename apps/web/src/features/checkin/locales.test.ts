import { describe, expect, it } from 'vitest';
import { byGroup, textProblems } from '../../testing/texts.ts';
import type { CheckinTextGroup } from './texts.ts';

/** Every group the code can name (the compiler checks this list against the type). */
const NAMED: Record<CheckinTextGroup, true> = {
  common: true,
  ban: true,
  voucher: true,
  scan: true,
  signed: true,
  overview: true,
  resource: true,
  mark: true,
  desk: true,
};

const groups = byGroup(import.meta.glob('./locales/*/*.json', { import: 'default', eager: true }));

describe('check-in texts', () => {
  it('zh and en have the same groups and keys, the same placeholders, no empty text, no key twice', () => {
    expect(textProblems(groups)).toEqual([]);
  });

  it('has a file for every group the code names, and no other', () => {
    expect(Object.keys(groups).sort()).toEqual(Object.keys(NAMED).sort());
  });
});
