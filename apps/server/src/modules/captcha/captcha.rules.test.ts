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
  type SlideReport,
} from './captcha.rules.ts';

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

function report(lastX: number, extra: Partial<SlideReport> = {}): SlideReport {
  return {
    bgImageWidth: 300,
    bgImageHeight: 180,
    startTime: Date.parse('2030-01-01T04:00:00.000Z'),
    stopTime: Date.parse('2030-01-01T04:00:01.200Z'),
    trackList: [
      { x: 0, y: 0, type: 'down', t: 0 },
      { x: lastX / 2, y: 1, type: 'move', t: 500 },
      { x: lastX, y: 2, type: 'up', t: 1200 },
    ],
    ...extra,
  };
}

describe('slide check', () => {
  const answerX = 400; // 400 of 600 = 200 of 300 shown
  it('accepts a slide within 2% of the width', () => {
    expect(slideMatches(report(200), answerX)).toBe(true);
    expect(slideMatches(report(205), answerX)).toBe(true);
    expect(slideMatches(report(195), answerX)).toBe(true);
  });

  it('refuses a wrong slide', () => {
    expect(slideMatches(report(150), answerX)).toBe(false);
    expect(slideMatches(report(207), answerX)).toBe(false);
    expect(slideMatches(report(0), answerX)).toBe(false);
  });

  it('scales by the width the client showed', () => {
    expect(slideMatches(report(answerX, { bgImageWidth: BG_WIDTH }), answerX)).toBe(true);
  });

  it('refuses an instant slide and a track going back in time', () => {
    expect(slideMatches(report(200, { stopTime: Date.parse('2030-01-01T04:00:00.050Z') }), answerX)).toBe(false);
    const r = report(200);
    r.trackList[1]!.t = 1500;
    expect(slideMatches(r, answerX)).toBe(false);
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
