import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, fold, type IcsEvent } from './ical.ts';

// --- a minimal, independent reader: unfolds, splits properties, unescapes TEXT and turns a
// TZID local time into an instant with the VTIMEZONE found in the text itself (not Intl).

interface Prop {
  name: string;
  params: Record<string, string>;
  value: string;
}
interface Component {
  type: string;
  props: Prop[];
  children: Component[];
}

function unfold(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // CRLF only
  return text
    .slice(0, -2)
    .split('\r\n')
    .reduce<string[]>((acc, line) => {
      if (line.startsWith(' ')) acc[acc.length - 1] += line.slice(1);
      else acc.push(line);
      return acc;
    }, []);
}

function parseLine(line: string): Prop {
  let i = 0;
  let quoted = false;
  for (; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) break;
  }
  const [name, ...rawParams] = line.slice(0, i).split(';');
  const params: Record<string, string> = {};
  for (const p of rawParams) {
    const [k, v] = p.split('=');
    params[k!] = v!.replace(/^"|"$/g, '');
  }
  return { name: name!, params, value: line.slice(i + 1) };
}

function parse(text: string): Component {
  const stack: Component[] = [{ type: 'ROOT', props: [], children: [] }];
  for (const line of unfold(text)) {
    const p = parseLine(line);
    if (p.name === 'BEGIN') {
      const c = { type: p.value, props: [], children: [] };
      stack.at(-1)!.children.push(c);
      stack.push(c);
    } else if (p.name === 'END') {
      expect(stack.pop()!.type).toBe(p.value);
    } else stack.at(-1)!.props.push(p);
  }
  expect(stack).toHaveLength(1);
  return stack[0]!.children[0]!;
}

const prop = (c: Component, name: string) => c.props.find((p) => p.name === name);
const unescape = (v: string) => v.replace(/\\(.)/g, (_, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch));

function wall(v: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/.exec(v)!;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}
const offset = (v: string) => (v[0] === '-' ? -1 : 1) * (+v.slice(1, 3) * 60 + +v.slice(3, 5)) * 60_000;

/** The instant of a local time in a parsed VTIMEZONE: the last observance begun before it. */
function instant(cal: Component, p: Prop): number {
  const tz = cal.children.find((c) => c.type === 'VTIMEZONE' && prop(c, 'TZID')!.value === p.params.TZID)!;
  expect(tz).toBeDefined();
  const local = wall(p.value);
  const starts = tz.children
    .map((o) => ({
      at: wall(prop(o, 'DTSTART')!.value) - offset(prop(o, 'TZOFFSETFROM')!.value),
      to: offset(prop(o, 'TZOFFSETTO')!.value),
      kind: o.type,
    }))
    .sort((a, b) => a.at - b.at);
  // Each observance that could hold the time; a repeated local time is its first occurrence.
  const fits = starts
    .map((s) => local - s.to)
    .filter((t, i) => starts[i]!.at <= t && (i + 1 >= starts.length || t < starts[i + 1]!.at));
  expect(fits.length).toBeGreaterThan(0);
  return Math.min(...fits);
}

const base: Omit<IcsEvent, 'uid' | 'start' | 'end'> = {
  sequence: 0,
  summary: 'Meeting',
  status: 'CONFIRMED',
  lastModified: new Date('2026-03-01T02:03:04Z'),
};

describe('buildCalendar', () => {
  it('writes an event in Asia/Shanghai with a one-observance VTIMEZONE, CRLF lines and UTC stamps', () => {
    const start = new Date('2026-05-04T01:30:00Z'); // 09:30 in Shanghai
    const text = buildCalendar({
      name: '我的预约 / My bookings',
      timeZone: 'Asia/Shanghai',
      events: [{ ...base, uid: 'b1@yuyue.test', start, end: new Date('2026-05-04T03:00:00Z') }],
    });
    const cal = parse(text);
    expect(cal.type).toBe('VCALENDAR');
    expect(prop(cal, 'VERSION')!.value).toBe('2.0');
    expect(prop(cal, 'METHOD')).toBeUndefined();
    const tz = cal.children.find((c) => c.type === 'VTIMEZONE')!;
    expect(prop(tz, 'TZID')!.value).toBe('Asia/Shanghai');
    expect(tz.children.map((c) => c.type)).toEqual(['STANDARD']);
    expect(prop(tz.children[0]!, 'TZOFFSETTO')!.value).toBe('+0800');
    const ev = cal.children.find((c) => c.type === 'VEVENT')!;
    expect(prop(ev, 'DTSTART')).toMatchObject({ params: { TZID: 'Asia/Shanghai' }, value: '20260504T093000' });
    expect(prop(ev, 'DTEND')!.value).toBe('20260504T110000');
    expect(prop(ev, 'DTSTAMP')!.value).toBe('20260301T020304Z');
    expect(instant(cal, prop(ev, 'DTSTART')!)).toBe(start.getTime());
    expect(unescape(prop(cal, 'X-WR-CALNAME')!.value)).toBe('我的预约 / My bookings');
  });

  it('folds long Chinese text at 75 octets without splitting a character, and reads back whole', () => {
    const description = '会议室预约：'.repeat(40) + ' 🎉 end';
    const text = buildCalendar({
      timeZone: 'Asia/Shanghai',
      events: [
        {
          ...base,
          uid: 'b2@yuyue.test',
          start: new Date('2026-05-04T01:30:00Z'),
          end: new Date('2026-05-04T02:30:00Z'),
          summary: '第一会议室（三楼）',
          description,
        },
      ],
    });
    const raw = text.split('\r\n');
    for (const line of raw) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
      // A fold inside a character would leave a lone byte sequence that does not round-trip.
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    }
    expect(raw.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(5);
    const ev = parse(text).children.find((c) => c.type === 'VEVENT')!;
    expect(unescape(prop(ev, 'DESCRIPTION')!.value)).toBe(description);
    expect(unescape(prop(ev, 'SUMMARY')!.value)).toBe('第一会议室（三楼）');
  });

  it('fold keeps lines of 75 octets and cuts longer ones with a leading space', () => {
    expect(fold('x'.repeat(75))).toBe('x'.repeat(75));
    const folded = fold('x'.repeat(200)).split('\r\n');
    expect(folded.map((l) => l.length)).toEqual([75, 75, 52]);
    expect(folded.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    // Three-byte characters: 25 fit on the first line, 24 after the space on the next.
    const cjk = fold('中'.repeat(60)).split('\r\n');
    expect(cjk.map((l) => Buffer.byteLength(l))).toEqual([75, 73, 34]);
  });

  it('escapes backslashes, semicolons, commas and line breaks in TEXT and drops control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\u0007g')).toBe('a\\\\b\\;c\\,d\\ne\\nfg');
    const summary = 'Room A; floor 2, east\\wing\nline two';
    const text = buildCalendar({
      timeZone: 'Asia/Shanghai',
      events: [
        {
          ...base,
          uid: 'b3@yuyue.test',
          start: new Date('2026-05-04T01:30:00Z'),
          end: new Date('2026-05-04T02:30:00Z'),
          summary,
          location: 'Building 1, Room 101; north',
          url: 'https://meet.example.org/room?id=1&x=2',
          organizer: { name: 'Yuyue "Bot", central', email: 'noreply@yuyue.test' },
          attendees: [{ name: '张三', email: 'zhang@yuyue.test' }],
        },
      ],
    });
    const ev = parse(text).children.find((c) => c.type === 'VEVENT')!;
    expect(prop(ev, 'SUMMARY')!.value).toBe('Room A\\; floor 2\\, east\\\\wing\\nline two');
    expect(unescape(prop(ev, 'SUMMARY')!.value)).toBe(summary);
    expect(unescape(prop(ev, 'LOCATION')!.value)).toBe('Building 1, Room 101; north');
    expect(prop(ev, 'URL')!.value).toBe('https://meet.example.org/room?id=1&x=2');
    expect(prop(ev, 'ORGANIZER')).toMatchObject({
      params: { CN: "Yuyue 'Bot', central" },
      value: 'mailto:noreply@yuyue.test',
    });
    expect(prop(ev, 'ATTENDEE')).toMatchObject({ params: { CN: '张三' }, value: 'mailto:zhang@yuyue.test' });
  });

  it('gives Europe/Berlin its DST changes and the right instants on both sides of them', () => {
    // Summer time 2026: 29 March 01:00 UTC to 25 October 01:00 UTC.
    const events: IcsEvent[] = [
      ['2026-03-28T09:00:00Z', '2026-03-28T10:00:00Z'], // 10:00 CET
      ['2026-03-30T09:00:00Z', '2026-03-30T10:00:00Z'], // 11:00 CEST
      ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z'], // 02:30 CEST to 02:30 CET (the repeated hour)
      ['2027-07-01T12:00:00Z', '2027-07-01T13:00:00Z'], // 14:00 CEST, next year
    ].map(([s, e], i) => ({ ...base, uid: `dst${i}`, start: new Date(s!), end: new Date(e!) }));
    const text = buildCalendar({ timeZone: 'Europe/Berlin', method: 'PUBLISH', events });
    const cal = parse(text);
    expect(prop(cal, 'METHOD')!.value).toBe('PUBLISH');
    const tz = cal.children.find((c) => c.type === 'VTIMEZONE')!;
    const observances = tz.children.map((o) => [
      o.type,
      prop(o, 'DTSTART')!.value,
      prop(o, 'TZOFFSETFROM')!.value,
      prop(o, 'TZOFFSETTO')!.value,
    ]);
    expect(observances).toEqual([
      ['STANDARD', '20251231T010000', '+0100', '+0100'],
      ['DAYLIGHT', '20260329T020000', '+0100', '+0200'],
      ['STANDARD', '20261025T030000', '+0200', '+0100'],
      ['DAYLIGHT', '20270328T020000', '+0100', '+0200'],
      ['STANDARD', '20271031T030000', '+0200', '+0100'],
    ]);
    const vevents = cal.children.filter((c) => c.type === 'VEVENT');
    expect(vevents.map((e) => prop(e, 'DTSTART')!.value)).toEqual([
      '20260328T100000',
      '20260330T110000',
      '20261025T023000',
      '20270701T140000',
    ]);
    vevents.forEach((e, i) => {
      expect(instant(cal, prop(e, 'DTSTART')!)).toBe(events[i]!.start.getTime());
    });
    // The repeated hour: 02:30 local is its first pass (CEST); the second pass (the end, 02:30
    // CET) cannot be named in local time and is written in UTC.
    expect(prop(vevents[2]!, 'DTEND')).toMatchObject({ params: {}, value: '20261025T013000Z' });
    expect(instant(cal, prop(vevents[3]!, 'DTEND')!)).toBe(events[3]!.end.getTime());
  });

  it('writes REQUEST and CANCEL invitations with the same UID and the given stamp and sequence', () => {
    const event = {
      ...base,
      uid: 'b9@yuyue.test',
      start: new Date('2026-05-04T01:30:00Z'),
      end: new Date('2026-05-04T02:30:00Z'),
    };
    const stamp = new Date('2026-04-01T00:00:00Z');
    const req = parse(buildCalendar({ timeZone: 'Asia/Shanghai', method: 'REQUEST', stamp, events: [event] }));
    const cancel = parse(
      buildCalendar({
        timeZone: 'Asia/Shanghai',
        method: 'CANCEL',
        stamp,
        events: [{ ...event, sequence: 1, status: 'CANCELLED' }],
      }),
    );
    const [a, b] = [req, cancel].map((c) => c.children.find((x) => x.type === 'VEVENT')!);
    expect(prop(req, 'METHOD')!.value).toBe('REQUEST');
    expect(prop(cancel, 'METHOD')!.value).toBe('CANCEL');
    expect(prop(a!, 'UID')!.value).toBe(prop(b!, 'UID')!.value);
    expect(prop(b!, 'SEQUENCE')!.value).toBe('1');
    expect(prop(b!, 'STATUS')!.value).toBe('CANCELLED');
    expect(prop(a!, 'DTSTAMP')!.value).toBe('20260401T000000Z');
  });

  it('is deterministic and refuses an unknown time zone', () => {
    const input = {
      timeZone: 'America/New_York',
      events: [{ ...base, uid: 'x', start: new Date('2026-11-01T05:30:00Z'), end: new Date('2026-11-01T07:00:00Z') }],
    };
    expect(buildCalendar(input)).toBe(buildCalendar(input));
    expect(() => buildCalendar({ ...input, timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
