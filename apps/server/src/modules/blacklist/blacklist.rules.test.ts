import { instantOf } from '@yuyue/shared';
import { describe, expect, it } from 'vitest';
import {
  banDecision,
  banEndOf,
  banStateOf,
  DEFAULT_BLACK_RULE,
  ruleReason,
  validRule,
  type BlackRule,
} from './blacklist.rules.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2030, 0, 31, 4, 0, 0);
const rule: BlackRule = { is_enable: '1', no_show_times: 3, no_show_days: 30, ban_days: 7 };
const daysAgo = (d: number) => NOW - d * DAY;

describe('banDecision (N no-shows within M days -> banned D days)', () => {
  it.each([
    ['two no-shows: not yet', [1, 2], null, null],
    ['three within 30 days: banned 7 days', [1, 2, 29], null, 3],
    ['the third is 30 days old exactly: outside', [1, 2, 30], null, null],
    ['four: banned, counting all four', [1, 2, 3, 4], null, 4],
    ['strikes before the latest entry do not count', [1, 2, 10, 11], daysAgo(5), null],
    ['three after the latest entry count', [1, 2, 3, 11], daysAgo(5), 3],
    ['future instants are ignored', [-1, 1, 2], null, null],
  ])('%s', (_name, ago, lastEntryAt, count) => {
    const d = banDecision({ rule, noShows: ago.map(daysAgo), lastEntryAt, now: NOW });
    if (count === null) expect(d).toBeNull();
    else expect(d).toEqual({ count, startsAt: NOW, endsAt: NOW + 7 * DAY });
  });

  it.each([[{ ...rule, is_enable: '0' }], [{ ...rule, no_show_times: 0 }], [{ ...rule, ban_days: 1.5 }]])(
    'an off or invalid rule bans nobody: %o',
    (r) => {
      expect(banDecision({ rule: r, noShows: [1, 2, 3, 4, 5].map(daysAgo), lastEntryAt: null, now: NOW })).toBeNull();
    },
  );

  it('a rule of 1 no-show within 1 day bans at the first', () => {
    const r = { is_enable: '1', no_show_times: 1, no_show_days: 1, ban_days: 30 };
    expect(banDecision({ rule: r, noShows: [NOW - 1000], lastEntryAt: null, now: NOW })).toEqual({
      count: 1,
      startsAt: NOW,
      endsAt: NOW + 30 * DAY,
    });
    expect(banDecision({ rule: r, noShows: [NOW - DAY], lastEntryAt: null, now: NOW })).toBeNull();
  });

  it('gives its reason in zh and en', () => {
    expect(ruleReason(rule, 3)).toEqual({ zh: '30天内3次预约未签到（违约）', en: '3 no-shows within 30 days' });
    expect(ruleReason({ ...rule, no_show_days: 7 }, 1).en).toBe('1 no-show within 7 days');
  });

  it('checks the rule bounds', () => {
    expect(validRule(DEFAULT_BLACK_RULE)).toBe(true);
    expect(validRule({ ...rule, no_show_days: 367 })).toBe(false);
    expect(validRule({ ...rule, ban_days: 3650 })).toBe(true);
    expect(validRule({ ...rule, ban_days: 3651 })).toBe(false);
    expect(validRule({ ...rule, no_show_times: 101 })).toBe(false);
    expect(validRule({ ...rule, is_enable: 'yes' })).toBe(false);
  });
});

describe('banEndOf', () => {
  const zone = 'Asia/Shanghai';
  it.each([
    [{ days: 3 }, NOW + 3 * DAY],
    [{ days: 0 }, null],
    [{ days: 3651 }, null],
    [{ end_time: '2030-02-05' }, instantOf({ year: 2030, month: 2, day: 6 }, { hour: 0, minute: 0 }, zone)],
    [{ end_time: '2030-02-05 18:30' }, instantOf({ year: 2030, month: 2, day: 5 }, { hour: 18, minute: 30 }, zone)],
    [
      { end_time: '2030-02-05 18:30:15' },
      instantOf({ year: 2030, month: 2, day: 5 }, { hour: 18, minute: 30, second: 15 }, zone),
    ],
    [{ end_time: '2030-02-30' }, null],
    [{ end_time: '2030-02-05 25:00' }, null],
    [{ end_time: 'tomorrow' }, null],
    [{ end_time: '2030-01-01' }, null],
    [{}, null],
  ])('%o -> %s', (input, expected) => {
    expect(banEndOf(input, NOW, zone)).toBe(expected);
  });
});

describe('banStateOf', () => {
  it('is in force until the end, then expired; pardoned stays pardoned', () => {
    expect(banStateOf({ state: '1', end_time: new Date(NOW + 1) }, NOW)).toBe('1');
    expect(banStateOf({ state: '1', end_time: new Date(NOW) }, NOW)).toBe('3');
    expect(banStateOf({ state: '2', end_time: new Date(NOW + DAY) }, NOW)).toBe('2');
  });
});
