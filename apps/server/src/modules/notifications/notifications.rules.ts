import { formatDateTime, formatMessage, wallClock } from '@yuyue/shared';

/** What happened to bookings that their people may be told about. */
export type BookingEvent = 'booked' | 'cancelled' | 'approved' | 'rejected' | 'signed_in' | 'signed_out' | 'missed';

export const bookingEvents: readonly BookingEvent[] = [
  'booked',
  'cancelled',
  'approved',
  'rejected',
  'signed_in',
  'signed_out',
  'missed',
];

/**
 * A resource's notification settings (resource columns; the sign-in ones are rule settings, so
 * they come from the rule template when the resource uses one).
 *
 * - `is_notification_push` '1': the resource notifies at all; otherwise nobody is told anything.
 * - `notifiy_channels`: comma-separated; every notification is in-app, 'email' adds an e-mail to
 *   the recipient's address. 'sms' is accepted but not delivered (no SMS gateway exists).
 * - `success_notification_push` '1': tell the booker about a booking (confirmed, or submitted
 *   for approval); text `success_notification_rule`, else `success_prompt`/`success_prompt_en`.
 * - approval decisions (approved, rejected) are told whenever the resource notifies.
 * - `cancel_notification_push` '1': tell about cancellations. `cancel_notification_rule_apply`
 *   is the booker's text ('0': the booker is not told; empty or '1': the default text);
 *   `cancel_notification_rule_admin` the resource administrators' text (empty or '0': they are
 *   not told; '1': the default text).
 * - `signin_notification_push` '1': tell about sign-in, sign-out and no-shows; text
 *   `signin_notification_rule`.
 *
 * A resource's own text containing a placeholder ({resource}, {times}, {date}, {start}, {end},
 * {name}, {account}, {reason}, {theme}) replaces the default text; one without is added to it as
 * a note (so the booking's resource and time are always said).
 */
export interface NotificationSettings {
  is_notification_push: string;
  notifiy_channels: string;
  success_notification_push: string;
  success_notification_rule: string;
  cancel_notification_push: string;
  cancel_notification_rule_apply: string;
  cancel_notification_rule_admin: string;
  success_prompt: string;
  success_prompt_en: string;
  signin_notification_push: string;
  signin_notification_rule: string;
}

export type Audience = 'booker' | 'admin';

/** Which texts a notification uses: the event, refined where the default text differs. */
export type TextKind = Exclude<BookingEvent, 'cancelled'> | 'submitted' | 'cancelled' | 'cancelled_admin';

export interface Plan {
  audience: Audience;
  kind: TextKind;
  /** The resource's own text (zh, en), or null for the default only. */
  own: { zh: string; en: string } | null;
}

const on = (flag: string) => flag === '1';
const ownText = (value: string) => {
  const v = value.trim();
  return v && v !== '0' && v !== '1' ? v : '';
};

/** Whether the resource sends e-mail as well as in-app notifications. */
export function sendsEmail(s: Pick<NotificationSettings, 'notifiy_channels'>): boolean {
  return s.notifiy_channels
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .includes('email');
}

/**
 * Whom a resource's settings tell about an event, with which text. `awaitingApproval`: a booked
 * booking still needs approval (its default text says "submitted").
 */
export function plansFor(s: NotificationSettings, event: BookingEvent, awaitingApproval = false): Plan[] {
  if (!on(s.is_notification_push)) return [];
  const own = (zh: string, en = zh) => (zh || en ? { zh: zh || en, en: en || zh } : null);
  switch (event) {
    case 'booked': {
      if (!on(s.success_notification_push)) return [];
      const rule = ownText(s.success_notification_rule);
      const text = rule ? own(rule) : own(s.success_prompt.trim(), s.success_prompt_en.trim());
      return [{ audience: 'booker', kind: awaitingApproval ? 'submitted' : 'booked', own: text }];
    }
    case 'cancelled': {
      if (!on(s.cancel_notification_push)) return [];
      const plans: Plan[] = [];
      if (s.cancel_notification_rule_apply.trim() !== '0') {
        plans.push({ audience: 'booker', kind: 'cancelled', own: own(ownText(s.cancel_notification_rule_apply)) });
      }
      const admin = s.cancel_notification_rule_admin.trim();
      if (admin && admin !== '0') plans.push({ audience: 'admin', kind: 'cancelled_admin', own: own(ownText(admin)) });
      return plans;
    }
    case 'approved':
    case 'rejected':
      return [{ audience: 'booker', kind: event, own: null }];
    case 'signed_in':
    case 'signed_out':
    case 'missed':
      if (!on(s.signin_notification_push)) return [];
      return [{ audience: 'booker', kind: event, own: own(ownText(s.signin_notification_rule)) }];
  }
}

/** The default texts. `{reason}` sentences are added only when there is a reason. */
export const defaultTexts: Record<TextKind, { title: { zh: string; en: string }; body: { zh: string; en: string } }> = {
  booked: {
    title: { zh: '预约成功', en: 'Booking confirmed' },
    body: { zh: '您已成功预约{resource}：{times}。', en: 'Your booking of {resource} is confirmed: {times}.' },
  },
  submitted: {
    title: { zh: '预约已提交，等待审批', en: 'Booking submitted for approval' },
    body: {
      zh: '您对{resource}的预约已提交，等待管理员审批：{times}。',
      en: 'Your booking of {resource} awaits approval: {times}.',
    },
  },
  approved: {
    title: { zh: '预约审批通过', en: 'Booking approved' },
    body: { zh: '您对{resource}的预约已审批通过：{times}。', en: 'Your booking of {resource} was approved: {times}.' },
  },
  rejected: {
    title: { zh: '预约未通过审批', en: 'Booking rejected' },
    body: { zh: '您对{resource}的预约未通过审批：{times}。', en: 'Your booking of {resource} was rejected: {times}.' },
  },
  cancelled: {
    title: { zh: '预约已取消', en: 'Booking cancelled' },
    body: { zh: '您对{resource}的预约已取消：{times}。', en: 'Your booking of {resource} was cancelled: {times}.' },
  },
  cancelled_admin: {
    title: { zh: '预约被取消', en: 'A booking was cancelled' },
    body: {
      zh: '{name}（{account}）对{resource}的预约已取消：{times}。',
      en: 'The booking of {resource} by {name} ({account}) was cancelled: {times}.',
    },
  },
  signed_in: {
    title: { zh: '签到成功', en: 'Signed in' },
    body: { zh: '您已签到：{resource}，{times}。', en: 'You signed in at {resource}: {times}.' },
  },
  signed_out: {
    title: { zh: '签退成功', en: 'Signed out' },
    body: { zh: '您已签退：{resource}，{times}。', en: 'You signed out of {resource}: {times}.' },
  },
  missed: {
    title: { zh: '预约未签到（爽约）', en: 'Missed booking' },
    body: {
      zh: '您未在规定时间内签到，预约已记为爽约：{resource}，{times}。',
      en: 'You did not sign in in time; the booking was recorded as a no-show: {resource}, {times}.',
    },
  },
};

const REASON = { zh: '原因：{reason}', en: 'Reason: {reason}' };
const PLACEHOLDER_RE = /\{(resource|times|date|start|end|name|account|reason|theme)\}/;

/** One occurrence of a booking as its notification says it. */
export interface Occurrence {
  starts_at: Date;
  ends_at: Date;
}

const WEEKDAYS = {
  zh: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

/** "2030-01-03（周四）09:00-10:00" / "Thu 2030-01-03 09:00-10:00" in the zone (the end's date too when it differs). */
export function periodText(
  o: Occurrence,
  zone: string,
): { zh: string; en: string; date: string; start: string; end: string } {
  const start = formatDateTime(o.starts_at.getTime(), zone);
  const end = formatDateTime(o.ends_at.getTime(), zone);
  const date = start.slice(0, 10);
  const w = wallClock(o.starts_at.getTime(), zone);
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  const endText = end.slice(0, 10) === date ? end.slice(11, 16) : end.slice(0, 16);
  return {
    zh: `${date}（${WEEKDAYS.zh[weekday]}）${start.slice(11, 16)}-${endText}`,
    en: `${WEEKDAYS.en[weekday]} ${date} ${start.slice(11, 16)}-${endText}`,
    date,
    start: start.slice(11, 16),
    end: endText,
  };
}

/** How many occurrences a notification lists before "and N more". */
export const LISTED_OCCURRENCES = 5;

/** The occurrences of one notification, earliest first: up to LISTED_OCCURRENCES, then a count of the rest. */
export function timesText(occurrences: readonly Occurrence[], zone: string): { zh: string; en: string } {
  const sorted = [...occurrences].sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
  const shown = sorted.slice(0, LISTED_OCCURRENCES).map((o) => periodText(o, zone));
  const more = sorted.length - shown.length;
  return {
    zh: shown.map((p) => p.zh).join('、') + (more > 0 ? ` 等共 ${sorted.length} 个时段` : ''),
    en: shown.map((p) => p.en).join(', ') + (more > 0 ? ` and ${more} more` : ''),
  };
}

export interface RenderInput {
  plan: Plan;
  resource: { zh: string; en: string };
  occurrences: readonly Occurrence[];
  zone: string;
  booker: { name: string; account: string };
  reason: string;
  theme: string;
}

export interface Rendered {
  title: string;
  title_en: string;
  content: string;
  content_en: string;
}

/** The zh and en title and text of a notification. */
export function render(input: RenderInput): Rendered {
  const { plan } = input;
  const texts = defaultTexts[plan.kind];
  const first = periodText(
    [...input.occurrences].sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime())[0]!,
    input.zone,
  );
  const times = timesText(input.occurrences, input.zone);
  const paramsFor = (lang: 'zh' | 'en') => ({
    resource: input.resource[lang] || input.resource.zh,
    times: times[lang],
    date: first.date,
    start: first.start,
    end: first.end,
    name: input.booker.name || input.booker.account,
    account: input.booker.account,
    reason: input.reason,
    theme: input.theme,
  });
  const body = (lang: 'zh' | 'en') => {
    const params = paramsFor(lang);
    const own = plan.own?.[lang] ?? '';
    if (own && PLACEHOLDER_RE.test(own)) return formatMessage(own, params);
    const parts = [formatMessage(texts.body[lang], params)];
    if (input.reason) parts.push(formatMessage(REASON[lang], params));
    if (own) parts.push(own);
    return parts.join(lang === 'zh' ? '' : ' ');
  };
  return { title: texts.title.zh, title_en: texts.title.en, content: body('zh'), content_en: body('en') };
}

/** The e-mail of a notification: both languages, Chinese first, and where to see the booking. */
export function mailOf(n: Rendered, opts: { link: string; zone: string }): { subject: string; body: string } {
  return {
    subject: `${n.title} / ${n.title_en}`,
    body: [
      n.content,
      `查看我的预约：${opts.link}`,
      `（时间均为 ${opts.zone} 时间）`,
      '',
      n.content_en,
      `Your bookings: ${opts.link}`,
      `(Times are in ${opts.zone}.)`,
      '',
      '-- ',
      '此邮件由系统自动发送，请勿回复。 This message was sent automatically; please do not reply.',
    ].join('\n'),
  };
}

/** The domain of the sender's address (for Message-IDs), or a fallback. */
export function mailDomainOf(from: string, fallback: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return m?.[1] || fallback || 'localhost';
}

/** A syntactically usable e-mail address (one address, no spaces or angle brackets). */
export function isMailAddress(value: string): boolean {
  return /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(value) && value.length <= 254;
}

// --- the sender

/** Attempts before an e-mail is given up (kept as failed). */
export const MAIL_MAX_ATTEMPTS = 8;
/** A claimed e-mail's lease: it is not claimed again before this, unless its sender reports. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** Longest one send may take (it is aborted then); well under the lease. */
export const MAIL_SEND_TIMEOUT_MS = 2 * 60_000;

/** Wait before the next attempt after `attempts` failed ones: 1, 2, 4 ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * What a failed send leads to: a permanent SMTP refusal (a 5xx reply: no such mailbox, address
 * refused) or the last attempt gives up; anything else (4xx, network, timeout) is retried later.
 */
export function afterFailure(
  attempts: number,
  permanent: boolean,
  now: number,
): { status: 'pending' | 'failed'; nextAttemptAt: Date } {
  if (permanent || attempts >= MAIL_MAX_ATTEMPTS) return { status: 'failed', nextAttemptAt: new Date(now) };
  return { status: 'pending', nextAttemptAt: new Date(now + retryDelayMs(attempts)) };
}

// --- in-app lists

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 200;

/** Offset paging: `offset` (negative = 0), else the `after` cursor, else 0; `first` 1..200 (default 20). */
export function pageOf(args: { first?: number | null; offset?: number | null; after?: string | null }) {
  const first = args.first ?? NOTIFICATION_PAGE_DEFAULT;
  const limit = first <= 0 ? NOTIFICATION_PAGE_DEFAULT : Math.min(first, NOTIFICATION_PAGE_MAX);
  if (args.offset !== null && args.offset !== undefined) return { limit, offset: Math.max(0, args.offset) };
  if (args.after) {
    const n = Number(Buffer.from(args.after, 'base64').toString('utf8'));
    if (Number.isInteger(n) && n >= 0) return { limit, offset: n };
  }
  return { limit, offset: 0 };
}

type Filter = { eq?: string | null; in?: readonly (string | null)[] | null } | null | undefined;

/** The values a `{eq}` / `{in}` filter admits (undefined: no filter); values outside `allowed` are refused (null). */
export function filterValues(filter: Filter, allowed: readonly string[]): string[] | undefined | null {
  if (!filter) return undefined;
  const values =
    filter.in && filter.in.length
      ? filter.in.filter((v): v is string => typeof v === 'string')
      : filter.eq
        ? [filter.eq]
        : undefined;
  if (!values) return undefined;
  return values.every((v) => allowed.includes(v)) ? values : null;
}

export const notificationStates = ['0', '1'] as const;
export const mailStatuses = ['pending', 'sent', 'failed'] as const;

/** A notification in its wire shape: `state` '0' unread, '1' read; times in the tenant's zone. */
export function toWireNotification(
  row: {
    id: string;
    event: string;
    audience: string;
    appointment_id: string | null;
    appointment_count: number;
    resources_id: string | null;
    resources_name: string;
    resources_name_en: string;
    title: string;
    title_en: string;
    content: string;
    content_en: string;
    read_time: Date | null;
    create_time: Date;
  },
  zone: string,
) {
  return {
    id: row.id,
    event: row.event,
    audience: row.audience,
    appointment_id: row.appointment_id ?? '',
    appointment_count: row.appointment_count,
    resources_id: row.resources_id ?? '',
    resources_name: row.resources_name,
    resources_name_en: row.resources_name_en,
    title: row.title,
    title_en: row.title_en,
    content: row.content,
    content_en: row.content_en,
    state: row.read_time ? '1' : '0',
    read_time: row.read_time ? formatDateTime(row.read_time.getTime(), zone) : '',
    create_time: formatDateTime(row.create_time.getTime(), zone),
  };
}
