import { describe, expect, it } from 'vitest';
import { pageOf, parsePopupEndDate, parseReleaseTime, releaseOnStateChange, visibleToUser } from './notices.rules.ts';

const zone = 'Asia/Shanghai';

describe('notice rules', () => {
  it.each([
    ['', null],
    ['2026-05-10 08:30', Date.UTC(2026, 4, 10, 0, 30)],
    ['2026-05-10 08:30:15', Date.UTC(2026, 4, 10, 0, 30, 15)],
    ['2026-05-10T08:30', Date.UTC(2026, 4, 10, 0, 30)],
    ['2026-05-10', Date.UTC(2026, 4, 9, 16)],
    ['1778373000000', 1778373000000],
    ['1778373000', 1778373000000],
    ['2026-02-30 08:00', undefined],
    ['2026-05-10 24:00', undefined],
    ['tomorrow', undefined],
  ])('release time %j', (input, expected) => {
    const got = parseReleaseTime(input, zone);
    expect(got instanceof Date ? got.getTime() : got).toBe(expected);
  });

  it.each([
    ['', null],
    ['2026-05-10', '2026-05-10'],
    ['2026-05-10 12:00:00', '2026-05-10'],
    ['2026-13-01', undefined],
    ['x', undefined],
  ])('pop-up end date %j', (input, expected) => expect(parsePopupEndDate(input)).toBe(expected));

  it.each([
    [
      { first: 999, offset: -1 },
      { limit: 999, offset: 0 },
    ],
    [
      { first: 5000, offset: 0 },
      { limit: 999, offset: 0 },
    ],
    [{ first: 0 }, { limit: 10, offset: 0 }],
    [
      { first: 10, after: Buffer.from('20').toString('base64') },
      { limit: 10, offset: 20 },
    ],
    [
      { first: 10, offset: 30, after: Buffer.from('20').toString('base64') },
      { limit: 10, offset: 30 },
    ],
  ])('page %j', (args, expected) => expect(pageOf(args)).toEqual(expected));

  it('publishing without a release time releases now; other changes keep it', () => {
    const now = new Date('2026-05-10T00:00:00Z');
    const at = new Date('2026-01-01T00:00:00Z');
    expect(releaseOnStateChange(1, null, now)).toEqual({ state: 1, release_time: now });
    expect(releaseOnStateChange(1, at, now)).toEqual({ state: 1, release_time: at });
    expect(releaseOnStateChange(2, null, now)).toEqual({ state: 2, release_time: null });
  });

  it.each([
    [{ state: 1, del: 0, release_time: null }, true],
    [{ state: 1, del: 0, release_time: new Date('2026-05-09T00:00:00Z') }, true],
    [{ state: 1, del: 0, release_time: new Date('2026-05-11T00:00:00Z') }, false],
    [{ state: 0, del: 0, release_time: null }, false],
    [{ state: 2, del: 0, release_time: null }, false],
    [{ state: 1, del: 1, release_time: null }, false],
  ])('visible to users: %j', (notice, expected) =>
    expect(visibleToUser(notice, new Date('2026-05-10T00:00:00Z'))).toBe(expected),
  );
});
