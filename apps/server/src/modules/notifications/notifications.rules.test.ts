import { instantOf } from '@yuyue/shared';
import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  filterValues,
  mailDomainOf,
  mailOf,
  MAIL_MAX_ATTEMPTS,
  pageOf,
  plansFor,
  render,
  retryDelayMs,
  sendsEmail,
  timesText,
  type NotificationSettings,
  type Plan,
} from './notifications.rules.ts';

const ZONE = 'Asia/Shanghai';
const at = (day: number, hour: number, minute = 0, zone = ZONE) =>
  new Date(instantOf({ year: 2030, month: 1, day }, { hour, minute }, zone));
const slot = (day: number, hour: number, zone = ZONE) => ({
  starts_at: at(day, hour, 0, zone),
  ends_at: at(day, hour + 1, 0, zone),
});

const settings = (over: Partial<NotificationSettings> = {}): NotificationSettings => ({
  is_notification_push: '1',
  notifiy_channels: 'email',
  success_notification_push: '1',
  success_notification_rule: '',
  cancel_notification_push: '1',
  cancel_notification_rule_apply: '',
  cancel_notification_rule_admin: '',
  success_prompt: '',
  success_prompt_en: '',
  signin_notification_push: '1',
  signin_notification_rule: '',
  ...over,
});

describe('plansFor: who a resource tells about what', () => {
  it('tells nobody when the resource does not notify', () => {
    for (const event of ['booked', 'cancelled', 'approved', 'rejected', 'signed_in', 'signed_out', 'missed'] as const) {
      expect(plansFor(settings({ is_notification_push: '0' }), event)).toEqual([]);
    }
  });

  it.each([
    ['booked', { success_notification_push: '0' }],
    ['cancelled', { cancel_notification_push: '0' }],
    ['signed_in', { signin_notification_push: '0' }],
    ['signed_out', { signin_notification_push: '' }],
    ['missed', { signin_notification_push: '0' }],
  ] as const)('each event has its own switch: %s', (event, off) => {
    expect(plansFor(settings(), event)).toHaveLength(1);
    expect(plansFor(settings(off), event)).toEqual([]);
  });

  it('approval decisions are told whenever the resource notifies', () => {
    expect(plansFor(settings({ success_notification_push: '0', cancel_notification_push: '0' }), 'approved')).toEqual([
      { audience: 'booker', kind: 'approved', own: null },
    ]);
    expect(plansFor(settings(), 'rejected')[0]!.kind).toBe('rejected');
  });

  it('a booking awaiting approval is "submitted"; its text is the success rule, else the success prompt', () => {
    expect(plansFor(settings(), 'booked', true)[0]).toEqual({ audience: 'booker', kind: 'submitted', own: null });
    expect(plansFor(settings({ success_notification_rule: '请带校园卡' }), 'booked')[0]!.own).toEqual({
      zh: '请带校园卡',
      en: '请带校园卡',
    });
    expect(plansFor(settings({ success_prompt: '请准时', success_prompt_en: 'Be on time' }), 'booked')[0]!.own).toEqual(
      { zh: '请准时', en: 'Be on time' },
    );
    expect(plansFor(settings({ success_prompt: '请准时' }), 'booked')[0]!.own).toEqual({ zh: '请准时', en: '请准时' });
  });

  it('cancellations: the booker unless the apply rule is "0"; administrators when the admin rule is set', () => {
    const audiences = (over: Partial<NotificationSettings>) =>
      plansFor(settings(over), 'cancelled').map((p: Plan) => [p.audience, p.own?.zh ?? null]);
    expect(audiences({})).toEqual([['booker', null]]);
    expect(audiences({ cancel_notification_rule_apply: '1' })).toEqual([['booker', null]]);
    expect(audiences({ cancel_notification_rule_apply: '0' })).toEqual([]);
    expect(audiences({ cancel_notification_rule_admin: '1' })).toEqual([
      ['booker', null],
      ['admin', null],
    ]);
    expect(audiences({ cancel_notification_rule_apply: '0', cancel_notification_rule_admin: '有人取消了' })).toEqual([
      ['admin', '有人取消了'],
    ]);
    expect(audiences({ cancel_notification_rule_admin: '0' })).toEqual([['booker', null]]);
  });

  it('e-mail only with the email channel; sms alone is in-app only', () => {
    expect(sendsEmail({ notifiy_channels: 'email' })).toBe(true);
    expect(sendsEmail({ notifiy_channels: 'sms, EMAIL' })).toBe(true);
    expect(sendsEmail({ notifiy_channels: 'sms' })).toBe(false);
    expect(sendsEmail({ notifiy_channels: '' })).toBe(false);
  });
});

describe('texts', () => {
  const base = {
    resource: { zh: '羽毛球场 1', en: 'Badminton court 1' },
    zone: ZONE,
    booker: { name: '张三', account: 'student' },
    reason: '',
    theme: '训练',
  };

  it('the default texts name the resource, date, weekday and times in the tenant zone', () => {
    const n = render({ ...base, plan: { audience: 'booker', kind: 'booked', own: null }, occurrences: [slot(3, 9)] });
    expect(n).toEqual({
      title: '预约成功',
      title_en: 'Booking confirmed',
      content: '您已成功预约羽毛球场 1：2030-01-03（周四）09:00-10:00。',
      content_en: 'Your booking of Badminton court 1 is confirmed: Thu 2030-01-03 09:00-10:00.',
    });
  });

  it('times are read in the zone given (the same instant reads differently elsewhere)', () => {
    const o = slot(3, 9);
    expect(timesText([o], 'America/New_York').en).toBe('Wed 2030-01-02 20:00-21:00');
    expect(timesText([{ starts_at: at(3, 23), ends_at: at(4, 1) }], ZONE).zh).toBe(
      '2030-01-03（周四）23:00-2030-01-04 01:00',
    );
  });

  it('several occurrences are listed earliest first, then counted', () => {
    const many = [5, 3, 4, 6, 7, 8, 9].map((d) => slot(d, 9));
    const t = timesText(many, ZONE);
    expect(t.zh.startsWith('2030-01-03（周四）09:00-10:00、2030-01-04')).toBe(true);
    expect(t.zh.endsWith('等共 7 个时段')).toBe(true);
    expect(t.en.endsWith('and 2 more')).toBe(true);
    expect(t.en.split(', ')).toHaveLength(5);
  });

  it('a reason is added when there is one', () => {
    const n = render({
      ...base,
      reason: '场地维修',
      plan: { audience: 'booker', kind: 'rejected', own: null },
      occurrences: [slot(3, 9)],
    });
    expect(n.content).toBe('您对羽毛球场 1的预约未通过审批：2030-01-03（周四）09:00-10:00。原因：场地维修');
    expect(n.content_en).toBe(
      'Your booking of Badminton court 1 was rejected: Thu 2030-01-03 09:00-10:00. Reason: 场地维修',
    );
  });

  it("a resource's text with placeholders replaces the default; without, it is added as a note", () => {
    const own = (zh: string, en = zh): Plan => ({ audience: 'booker', kind: 'booked', own: { zh, en } });
    const full = render({
      ...base,
      plan: own('{name}：{resource} {date} {start}-{end}（{theme}）'),
      occurrences: [slot(3, 9)],
    });
    expect(full.content).toBe('张三：羽毛球场 1 2030-01-03 09:00-10:00（训练）');
    expect(full.content_en).toBe('张三：Badminton court 1 2030-01-03 09:00-10:00（训练）');
    const note = render({ ...base, plan: own('请带校园卡', 'Bring your card'), occurrences: [slot(3, 9)] });
    expect(note.content).toBe('您已成功预约羽毛球场 1：2030-01-03（周四）09:00-10:00。请带校园卡');
    expect(note.content_en).toBe(
      'Your booking of Badminton court 1 is confirmed: Thu 2030-01-03 09:00-10:00. Bring your card',
    );
  });

  it('an English name falls back to the Chinese one; the administrators hear who booked', () => {
    const n = render({
      ...base,
      resource: { zh: '会议室', en: '' },
      reason: '临时有事',
      plan: { audience: 'admin', kind: 'cancelled_admin', own: null },
      occurrences: [slot(3, 14)],
    });
    expect(n.content).toBe('张三（student）对会议室的预约已取消：2030-01-03（周四）14:00-15:00。原因：临时有事');
    expect(n.content_en).toBe(
      'The booking of 会议室 by 张三 (student) was cancelled: Thu 2030-01-03 14:00-15:00. Reason: 临时有事',
    );
  });

  it('the e-mail has both languages, the link and the time zone', () => {
    const n = render({
      ...base,
      plan: { audience: 'booker', kind: 'cancelled', own: null },
      occurrences: [slot(3, 9)],
    });
    const mail = mailOf(n, { link: 'https://yy.example.edu/yy-sys/mobile/myAppointment', zone: ZONE });
    expect(mail.subject).toBe('预约已取消 / Booking cancelled');
    expect(mail.body).toContain(n.content);
    expect(mail.body).toContain(n.content_en);
    expect(mail.body).toContain('https://yy.example.edu/yy-sys/mobile/myAppointment');
    expect(mail.body).toContain('Times are in Asia/Shanghai');
  });

  it('Message-ID domains come from the sender address', () => {
    expect(mailDomainOf('Yuyue <no-reply@yy.example.edu>', 'x')).toBe('yy.example.edu');
    expect(mailDomainOf('bot@campus.cn', 'x')).toBe('campus.cn');
    expect(mailDomainOf('nobody', 'fallback.host')).toBe('fallback.host');
  });
});

describe('sender rules', () => {
  it('backs off 1, 2, 4 ... minutes up to an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([
      60_000, 120_000, 240_000, 480_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it('retries transient failures, gives up on permanent ones and after the last attempt', () => {
    expect(afterFailure(1, false, 1000)).toEqual({ status: 'pending', nextAttemptAt: new Date(61_000) });
    expect(afterFailure(1, true, 1000)).toEqual({ status: 'failed', nextAttemptAt: new Date(1000) });
    expect(afterFailure(MAIL_MAX_ATTEMPTS - 1, false, 0).status).toBe('pending');
    expect(afterFailure(MAIL_MAX_ATTEMPTS, false, 0).status).toBe('failed');
  });
});

describe('lists', () => {
  it('pages with first/offset/after', () => {
    expect(pageOf({})).toEqual({ limit: 20, offset: 0 });
    expect(pageOf({ first: 1000, offset: -3 })).toEqual({ limit: 200, offset: 0 });
    expect(pageOf({ first: 5, after: Buffer.from('10').toString('base64') })).toEqual({ limit: 5, offset: 10 });
  });

  it('filters: empty eq is no filter, unknown values are refused', () => {
    expect(filterValues({ eq: '' }, ['0', '1'])).toBeUndefined();
    expect(filterValues(undefined, ['0', '1'])).toBeUndefined();
    expect(filterValues({ eq: '0' }, ['0', '1'])).toEqual(['0']);
    expect(filterValues({ in: ['0', '1'] }, ['0', '1'])).toEqual(['0', '1']);
    expect(filterValues({ eq: '2' }, ['0', '1'])).toBeNull();
  });
});
