import { describe, expect, it } from 'vitest';
import coreEn from '../../locales/en/booking.json';
import coreZh from '../../locales/zh/booking.json';
import { byGroup, textProblems } from '../../testing/texts.ts';
import type { BookingTextGroup } from './texts.ts';

/** Every group the code can name (the compiler checks this list against the type). */
const NAMED: Record<BookingTextGroup, true> = {
  common: true,
  search: true,
  venue: true,
  choose: true,
  series: true,
  form: true,
  appointments: true,
  detail: true,
  person: true,
  ballot: true,
};

const groups = byGroup(import.meta.glob('./locales/*/*.json', { import: 'default', eager: true }));

describe('booking texts', () => {
  it('zh and en have the same groups and keys, the same placeholders, no empty text, no key twice', () => {
    // the core part of the section is merged with the groups too
    expect(textProblems({ ...groups, '(core)': { zh: coreZh, en: coreEn } })).toEqual([]);
  });

  it('has a file for every group the code names, and no other', () => {
    expect(Object.keys(groups).sort()).toEqual(Object.keys(NAMED).sort());
  });
});
