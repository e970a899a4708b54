import { describe, expect, it } from 'vitest';
import { popupConfirmText, popupEndPassed, selectPopupNotices, showsInPopup, type PopupCandidate } from './popup.ts';

const base: PopupCandidate = {
  id: 'n',
  note_category: '2',
  state: 1,
  popup_mode: '2',
  popup_end_date: '',
  totalReadCounts: 0,
  todayReadCounts: 0,
};
const at = (y: number, m: number, d: number, h = 12, min = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, min, s, ms);

describe('notice pop-up selection (spec 4)', () => {
  it.each([
    ['mode 1, never read: shown', { popup_mode: '1', totalReadCounts: 0, todayReadCounts: 0 }, true],
    [
      'mode 1, read on an earlier day: not shown again',
      { popup_mode: '1', totalReadCounts: 1, todayReadCounts: 0 },
      false,
    ],
    ['mode 1 ignores the end date', { popup_mode: '1', popup_end_date: '2000-01-01' }, true],
    ['daily, not read today: shown', { popup_mode: '2', totalReadCounts: 3, todayReadCounts: 0 }, true],
    ['daily, read today: not shown', { popup_mode: '2', totalReadCounts: 3, todayReadCounts: 1 }, false],
    ['any other mode is daily', { popup_mode: '', totalReadCounts: 5, todayReadCounts: 0 }, true],
    ['unknown mode read today', { popup_mode: '7', todayReadCounts: 1 }, false],
    ['null counts count as unread', { popup_mode: '1', totalReadCounts: null, todayReadCounts: null }, true],
    ['category 1 never pops up', { note_category: '1' }, false],
    ['drafts never pop up (administrators list them)', { state: 0 }, false],
    ['withdrawn notices never pop up', { state: 2 }, false],
  ] as const)('%s', (_, patch, expected) => {
    expect(showsInPopup({ ...base, ...patch }, at(2026, 5, 10))).toBe(expected);
  });

  it('a daily notice is shown through 23:59:59 of its end date, local time, and not a moment later', () => {
    const n = { ...base, popup_end_date: '2026-05-10' };
    expect(showsInPopup(n, at(2026, 5, 9, 8))).toBe(true);
    expect(showsInPopup(n, at(2026, 5, 10, 0, 0))).toBe(true);
    expect(showsInPopup(n, at(2026, 5, 10, 23, 59, 59))).toBe(true);
    expect(showsInPopup(n, at(2026, 5, 10, 23, 59, 59, 999))).toBe(true);
    expect(showsInPopup(n, at(2026, 5, 11, 0, 0, 0, 0))).toBe(false);
    expect(showsInPopup(n, at(2027, 1, 1))).toBe(false);
  });

  it('the daily notice returns the next day (today count back to 0) until its end date', () => {
    const today = { ...base, popup_end_date: '2026-05-11', totalReadCounts: 1, todayReadCounts: 1 };
    expect(showsInPopup(today, at(2026, 5, 10))).toBe(false);
    const nextDay = { ...today, todayReadCounts: 0 };
    expect(showsInPopup(nextDay, at(2026, 5, 11))).toBe(true);
    expect(showsInPopup(nextDay, at(2026, 5, 12))).toBe(false);
  });

  it('end dates: empty never passes; a date-time counts by its day; unreadable counts as passed', () => {
    expect(popupEndPassed('', at(2999, 1, 1))).toBe(false);
    expect(popupEndPassed(null, at(2999, 1, 1))).toBe(false);
    expect(popupEndPassed('2026-05-10 08:00:00', at(2026, 5, 10, 22))).toBe(false);
    expect(popupEndPassed('soon', at(2026, 5, 10))).toBe(true);
  });

  it('keeps the server order and only the notices to show', () => {
    const list = [
      { ...base, id: 'a', popup_mode: '1' },
      { ...base, id: 'b', popup_mode: '1', totalReadCounts: 1 },
      { ...base, id: 'c', popup_mode: '2' },
      { ...base, id: 'd', note_category: '1' },
    ];
    expect(selectPopupNotices(list, at(2026, 5, 10)).map((n) => n.id)).toEqual(['a', 'c']);
  });

  it('counter text', () => {
    expect(popupConfirmText('zh', 1, 2)).toBe('我已阅读 (1/2)');
    expect(popupConfirmText('en', 2, 2)).toBe('I have read it (2/2)');
  });
});
