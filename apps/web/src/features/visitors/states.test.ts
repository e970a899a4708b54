import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html.ts';
import { isVisitorUser, visitorMayOpen } from './role.ts';
import { visitDay, visitEnded, visitStateView } from './states.ts';

describe('visit states', () => {
  it('each state has its words and an icon; the tones differ', () => {
    const views = [0, 1, 2, 3, 4, 5].map((s) => visitStateView(s));
    expect(views.map((v) => v.key)).toEqual([0, 1, 2, 3, 4, 5].map((s) => `visitors.state.${s}`));
    expect(new Set(views.map((v) => v.icon)).size).toBe(4);
    expect(visitStateView(2, true).key).toBe('visitors.state.ended');
  });

  it('reads the wire date and tells an approved past visit as ended', () => {
    expect(visitDay('2026-11-27 00:00:00')).toBe('2026-11-27');
    expect(visitEnded({ state: 2, in_school_date: '2026-11-26' }, '2026-11-27')).toBe(true);
    expect(visitEnded({ state: 2, in_school_date: '2026-11-27' }, '2026-11-27')).toBe(false);
    expect(visitEnded({ state: 4, in_school_date: '2026-11-26' }, '2026-11-27')).toBe(false);
  });
});

describe('the visitor role', () => {
  it('tells a visitor by the account of the token', () => {
    expect(isVisitorUser({ profile: { sub: 's', preferred_username: 'visitor:ab12' } })).toBe(true);
    expect(isVisitorUser({ profile: { sub: 's', preferred_username: 'x', account: 'visitor:ab12' } })).toBe(true);
    expect(isVisitorUser({ profile: { sub: 's', preferred_username: 'student' } })).toBe(false);
    expect(isVisitorUser(null)).toBe(false);
    expect(visitorMayOpen('/mobile/visitor/qrcode/1')).toBe(true);
    expect(visitorMayOpen('/mobile/home')).toBe(false);
    expect(visitorMayOpen('/mobile/visitorx')).toBe(false);
  });
});

describe('the welcome text', () => {
  it('keeps formatting and drops scripts, handlers and unsafe links', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">欢迎<strong>来访</strong><script>alert(1)</script></p><a href="javascript:alert(1)">a</a><a href="https://x.cn">b</a><img src=x onerror="alert(1)"><iframe src="https://e"></iframe><font color=red>c</font>',
    );
    expect(html).toBe(
      '<p>欢迎<strong>来访</strong></p><a rel="noopener noreferrer" target="_blank">a</a><a href="https://x.cn" rel="noopener noreferrer" target="_blank">b</a><img>c',
    );
  });
});
