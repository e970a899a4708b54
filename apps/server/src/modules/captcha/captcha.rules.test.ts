import { describe, expect, it } from 'vitest';
import {
  BG_WIDTH,
  FREQUENCY_BLOCK_MS,
  challengeIdOf,
  credentialIdOf,
  encryptCaptchaCode,
  frequencyDecision,
  plainCaptchaCode,
  readSlideReport,
  slideMatches,
  throttleVerdict,
  trackVerdict,
  addressKey,
  coolingFor,
  type SlideReport,
  type ThrottleLimits,
} from './captcha.rules.ts';
import { easedTrack, keyboardSlide, personDrag, seeded, straightTrack } from '../../../test/captcha-tracks.ts';

const VECTOR = {
  captchaId: 'cc1973dc4eaf4132b89d6d162793fc97',
  captchaCode: '3ed524c3-11b8-4746-8527-d6ec2fc94283',
  encrypted: 'P1mjLm+eMWAPH/cim/UrwE8FJtCvVBwJ+iVUH4GaIWsCLf0BhV/uyKJdC7SbimV1',
};

describe('captchaCode encryption (api-contract 3)', () => {
  it('matches the contract test vector', () => {
    expect(encryptCaptchaCode(VECTOR.captchaCode, VECTOR.captchaId)).toBe(VECTOR.encrypted);
  });

  it('decrypts the vector, and takes a plain dashed UUID as it is', () => {
    expect(plainCaptchaCode(VECTOR.encrypted, VECTOR.captchaId)).toBe(VECTOR.captchaCode);
    expect(plainCaptchaCode(VECTOR.captchaCode.toUpperCase(), VECTOR.captchaId)).toBe(VECTOR.captchaCode);
  });

  it('refuses a code encrypted with another id, garbage and non-UUID plaintext', () => {
    const otherId = 'dd1973dc4eaf4132b89d6d162793fc97';
    expect(plainCaptchaCode(encryptCaptchaCode(VECTOR.captchaCode, otherId), VECTOR.captchaId)).toBeNull();
    expect(plainCaptchaCode('not base64 at all!', VECTOR.captchaId)).toBeNull();
    expect(
      plainCaptchaCode(encryptCaptchaCode('hello world, 16+ chars', VECTOR.captchaId), VECTOR.captchaId),
    ).toBeNull();
    expect(plainCaptchaCode('', VECTOR.captchaId)).toBeNull();
  });
});

describe('ids', () => {
  it('reads challenge ids with or without the SLIDER_ prefix, and credential ids as 32 hex', () => {
    expect(challengeIdOf(`SLIDER_${VECTOR.captchaId}`)).toBe(VECTOR.captchaId);
    expect(challengeIdOf(VECTOR.captchaId.toUpperCase())).toBe(VECTOR.captchaId);
    expect(challengeIdOf('SLIDER_xyz')).toBeNull();
    expect(challengeIdOf(42)).toBeNull();
    expect(credentialIdOf(VECTOR.captchaId)).toBe(VECTOR.captchaId);
    expect(credentialIdOf(`SLIDER_${VECTOR.captchaId}`)).toBeNull();
  });
});

function report(track: SlideReport['trackList'], width = 300): SlideReport {
  return { bgImageWidth: width, bgImageHeight: width * 0.6, startTime: null, stopTime: null, trackList: track };
}
const person = (endX: number, seed = 1) => report(personDrag(endX, seeded(seed)));

describe('track judge', () => {
  const cases: [string, SlideReport['trackList'], string | null][] = [
    ["a modelled person's drag", personDrag(180, seeded(7)), null],
    ['a keyboard slide (Page Up, arrows, Enter)', keyboardSlide(150, seeded(3)), null],
    ['a straight constant track', straightTrack(180), 'straight at a constant speed'],
    ['a smooth eased track without tremor', easedTrack(180), 'no tremor'],
    ['a smooth eased track timed in whole ms (12 or 13 ms apart)', easedTrack(180, 500), 'no tremor'],
    [
      'a mouse drag kept level, in whole px',
      personDrag(180, seeded(9)).map((p) => ({ ...p, x: Math.round(p.x), y: 0 })),
      null,
    ],
    [
      'a three-point track',
      [
        { x: 0, y: 0, type: 'down', t: 0 },
        { x: 90, y: 1, type: 'move', t: 400 },
        { x: 180, y: 2, type: 'up', t: 800 },
      ],
      'too few points',
    ],
    ['a slide of 200 ms', personDrag(180, seeded(7)).map((p) => ({ ...p, t: p.t / 6 })), 'too fast'],
    [
      'a drag that keeps its speed to the end',
      personDrag(180, seeded(7)).map((p, i, all) => (i === all.length - 1 ? { ...p, x: 260 } : p)),
      'does not slow down at the end',
    ],
    [
      'a track going back in time',
      personDrag(180, seeded(7)).map((p, i) => (i === 5 ? { ...p, t: 1e6 } : p)),
      'goes back in time',
    ],
    [
      'a drag that ends left of its start',
      personDrag(180, seeded(7)).map((p) => ({ ...p, x: -p.x })),
      'does not move right',
    ],
    [
      'key presses faster than auto-repeat',
      keyboardSlide(150, seeded(3)).map((p) => ({ ...p, t: p.t / 5 })),
      'keys pressed faster than a key repeats',
    ],
    [
      'key presses like clockwork',
      [0, 20, 40, 60, 80, 100].map((x, i) => ({ x, y: 0, type: 'move' as const, t: i * 100 })),
      'keys pressed like clockwork',
    ],
  ];
  it.each(cases)('%s', (_name, track, verdict) => {
    expect(trackVerdict(report(track))).toBe(verdict);
  });

  it('passes modelled drags of a person over the whole track, and refuses scripted straight and smooth ones', () => {
    let refused = 0;
    for (let seed = 1; seed <= 500; seed++) {
      const endX = 60 + (seed % 186);
      if (trackVerdict(person(endX, seed)) !== null) refused++;
      expect(trackVerdict(report(straightTrack(endX, 500 + seed * 3)))).not.toBeNull();
      expect(trackVerdict(report(easedTrack(endX, 500 + seed * 3)))).not.toBeNull();
    }
    expect(refused).toBe(0);
  });
});

describe('slide check', () => {
  const answerX = 400; // 400 of 600 = 200 of 300 shown
  it("accepts a person's slide within 8 px of 600 (4 px of the 300 shown)", () => {
    expect(slideMatches(person(200), answerX)).toBe(true);
    expect(slideMatches(person(204), answerX)).toBe(true);
    expect(slideMatches(person(196), answerX)).toBe(true);
  });

  it('refuses a wrong slide', () => {
    expect(slideMatches(person(150), answerX)).toBe(false);
    expect(slideMatches(person(204.6), answerX)).toBe(false);
    expect(slideMatches(person(195.4), answerX)).toBe(false);
  });

  it("refuses a right slide whose track is no person's", () => {
    expect(slideMatches(report(straightTrack(200)), answerX)).toBe(false);
    expect(slideMatches(report(easedTrack(200)), answerX)).toBe(false);
  });

  it('scales by the width the client showed', () => {
    expect(slideMatches(report(personDrag(answerX, seeded(2)), BG_WIDTH), answerX)).toBe(true);
    expect(slideMatches(report(personDrag(answerX + 9, seeded(2)), BG_WIDTH), answerX)).toBe(false);
  });

  it('reads the contract body and says what is wrong with a bad one', () => {
    const ok = readSlideReport({
      bgImageWidth: 300,
      bgImageHeight: 180,
      startTime: '2030-01-01T04:00:00.000Z',
      stopTime: '2030-01-01T04:00:01.200Z',
      trackList: [{ x: 1, y: 2, type: 'down', t: 0 }],
    });
    expect(ok).toMatchObject({ bgImageWidth: 300, startTime: Date.parse('2030-01-01T04:00:00.000Z') });
    expect(readSlideReport(null)).toEqual({ error: 'data is missing' });
    expect(readSlideReport({ bgImageWidth: 0, bgImageHeight: 180, trackList: [] })).toHaveProperty('error');
    expect(readSlideReport({ bgImageWidth: 300, bgImageHeight: 180, trackList: [] })).toEqual({
      error: 'trackList is empty',
    });
    expect(
      readSlideReport({ bgImageWidth: 300, bgImageHeight: 180, trackList: [{ x: 'a', y: 1, t: 0 }] }),
    ).toHaveProperty('error');
  });
});

describe('frequency rule', () => {
  const now = 1_000_000;
  it('allows the first two submits of a window and blocks at the third for 180 s', () => {
    expect(frequencyDecision({ now, blockedUntil: null, recent: 0 })).toEqual({ kind: 'allow' });
    expect(frequencyDecision({ now, blockedUntil: null, recent: 1 })).toEqual({ kind: 'allow' });
    expect(frequencyDecision({ now, blockedUntil: null, recent: 2 })).toEqual({
      kind: 'block',
      until: now + FREQUENCY_BLOCK_MS,
    });
  });

  it('refuses while a block holds and allows again once it has passed', () => {
    expect(frequencyDecision({ now, blockedUntil: now + 1, recent: 0 })).toEqual({ kind: 'blocked', until: now + 1 });
    expect(frequencyDecision({ now, blockedUntil: now, recent: 0 })).toEqual({ kind: 'allow' });
  });
});

describe('captcha throttle', () => {
  const now = 10_000_000;
  const limits: ThrottleLimits = {
    windowMs: 600_000,
    cooldownMs: 600_000,
    challengesPerAccount: 30,
    challengesPerAddress: 300,
    failuresPerAccount: 10,
    failuresPerAddress: 50,
  };
  const state = (
    account: Partial<Record<string, number | null>> = {},
    address: Partial<Record<string, number | null>> = {},
  ) => ({
    account: { coolingUntil: null, challenges: 0, failures: 0, cooldowns: 0, ...account },
    address: { coolingUntil: null, challenges: 0, failures: 0, cooldowns: 0, ...address },
  });
  const cases: [string, 'challenge' | 'failure', ReturnType<typeof state>, ReturnType<typeof throttleVerdict>][] = [
    ['the 30th challenge of an account', 'challenge', state({ challenges: 29 }), { kind: 'allow' }],
    [
      'the 31st challenge of an account',
      'challenge',
      state({ challenges: 30 }),
      { kind: 'cool', until: now + 600_000, subjects: ['account'], holds: true },
    ],
    ['the 9th failure of an account', 'failure', state({ failures: 9 }), { kind: 'allow' }],
    [
      'the 10th failure of an account',
      'failure',
      state({ failures: 10 }),
      { kind: 'cool', until: now + 600_000, subjects: ['account'], holds: true },
    ],
    [
      'the 50th failure at an address',
      'failure',
      state({ failures: 1 }, { failures: 50 }),
      { kind: 'cool', until: now + 600_000, subjects: ['address'], holds: true },
    ],
    [
      'the 10th failure of an account after one cool-down within a day: twice as long',
      'failure',
      state({ failures: 10, cooldowns: 1 }),
      { kind: 'cool', until: now + 1_200_000, subjects: ['account'], holds: true },
    ],
    [
      'the 10th failure of an account after seven cool-downs within a day: 16 times as long at most',
      'failure',
      state({ failures: 10, cooldowns: 7 }),
      { kind: 'cool', until: now + 16 * 600_000, subjects: ['account'], holds: true },
    ],
    [
      'the 301st challenge at an address, of an account without failures',
      'challenge',
      state({}, { challenges: 300 }),
      { kind: 'cool', until: now + 600_000, subjects: ['address'], holds: false },
    ],
    [
      'a challenge while the account cools down',
      'challenge',
      state({ coolingUntil: now + 1 }),
      { kind: 'cooling', until: now + 1 },
    ],
    ['a challenge after the cool-down', 'challenge', state({ coolingUntil: now }), { kind: 'allow' }],
    [
      'a challenge while the address cools down, of an account that failed',
      'challenge',
      state({ failures: 1 }, { coolingUntil: now + 5 }),
      { kind: 'cooling', until: now + 5 },
    ],
    [
      'a challenge while the address cools down, of an account that did not fail',
      'challenge',
      state({}, { coolingUntil: now + 5 }),
      { kind: 'allow' },
    ],
    [
      'a challenge with the limits lifted',
      'challenge',
      state({ challenges: 10_000 }, { challenges: 10_000 }),
      { kind: 'allow' },
    ],
  ];
  it.each(cases)('%s', (_name, kind, s, verdict) => {
    const lifted = _name.includes('lifted') ? { ...limits, challengesPerAccount: 0, challengesPerAddress: 0 } : limits;
    expect(throttleVerdict(now, kind, lifted, s)).toEqual(verdict);
  });

  it('an address cool-down holds only for accounts that failed in the window', () => {
    expect(coolingFor(now, state({}, { coolingUntil: now + 9 }))).toBeNull();
    expect(coolingFor(now, state({ failures: 1 }, { coolingUntil: now + 9 }))).toBe(now + 9);
    expect(coolingFor(now, state({ coolingUntil: now + 3 }, { coolingUntil: now + 9 }))).toBe(now + 3);
  });

  it('counts an address as IPv4, or IPv6 by its /64 network', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:12:abcd::1')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:DB8:0000:0012:ffff:1:2:3')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
