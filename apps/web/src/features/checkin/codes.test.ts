import { describe, expect, it } from 'vitest';
import { decodeSignCode, formatCountdown, readScan, refreshDelayMs, secondsLeft } from './codes.ts';
import { makeSignCode, TEST_TENANT } from './testing.ts';

const TENANT = TEST_TENANT;
const RESOURCE = '5f0c8f0e-2a8e-4c57-9b0d-3f2d6e1a7b44';
const BOOKING = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const makeCode = makeSignCode;

describe('decodeSignCode', () => {
  it('reads the kind, tenant, subject and validity of a resource code and of a voucher', () => {
    const resource = makeCode(1, RESOURCE, 1_760_000_000, 1_760_000_300);
    expect(resource).toHaveLength(110);
    expect(decodeSignCode(resource)).toEqual({
      kind: 'resource',
      tenantId: TENANT,
      subjectId: RESOURCE,
      issuedAt: 1_760_000_000,
      expiresAt: 1_760_000_300,
    });
    expect(decodeSignCode(makeCode(2, BOOKING, 1_760_000_000, 1_760_000_300))?.kind).toBe('voucher');
  });

  it('refuses what is no code of this version', () => {
    expect(decodeSignCode(makeCode(1, RESOURCE, 10, 20, 2))).toBeNull();
    expect(decodeSignCode(makeCode(3 as 1, RESOURCE, 10, 20))).toBeNull();
    // expires before it was issued
    expect(decodeSignCode(makeCode(1, RESOURCE, 20, 10))).toBeNull();
    expect(decodeSignCode('x'.repeat(109))).toBeNull();
    expect(decodeSignCode(`${makeCode(1, RESOURCE, 10, 20).slice(0, 109)}+`)).toBeNull();
  });
});

describe('readScan', () => {
  const code = makeCode(1, RESOURCE, 1_760_000_000, 1_760_000_300);

  it('takes a bare code, trimming what a scanner adds around it', () => {
    expect(readScan(` ${code}\r\n`)).toMatchObject({ kind: 'code', code, claims: { subjectId: RESOURCE } });
  });

  it('takes the code out of a venue page URL (what a printed resource code holds)', () => {
    const url = `https://campus.example/yy-sys/mobile/venueDetail/${RESOURCE}?signCode=${code}`;
    expect(readScan(url)).toMatchObject({ kind: 'code', code, claims: { kind: 'resource' } });
    expect(readScan(`${url}&from=poster#top`)).toMatchObject({ kind: 'code', code });
    expect(readScan(`https://x/pc/venueDetail?id=${RESOURCE}&signCode=${code}`)).toMatchObject({ kind: 'code', code });
  });

  it('does not take a code that is cut short or longer in the URL', () => {
    expect(readScan(`https://x/mobile/venueDetail/${RESOURCE}?signCode=${code.slice(0, 100)}`)).toEqual({
      kind: 'venue',
      id: RESOURCE,
    });
    expect(readScan(`https://x/a?signCode=${code}A`)).toEqual({ kind: 'unknown' });
  });

  it('reads a booking check URL and a venue URL without a code', () => {
    expect(readScan(`https://x/yy-sys/mobile/checkAppointment/${BOOKING.toUpperCase()}`)).toEqual({
      kind: 'booking',
      id: BOOKING,
    });
    expect(readScan(`https://x/yy-sys/mobile/checkAppointment/${BOOKING}?lang=en`)).toEqual({
      kind: 'booking',
      id: BOOKING,
    });
    expect(readScan(`https://x/yy-sys/mobile/venueDetail/${RESOURCE}`)).toEqual({ kind: 'venue', id: RESOURCE });
    expect(readScan(`https://x/yy-sys/pc/venueDetail?id=${RESOURCE}`)).toEqual({ kind: 'venue', id: RESOURCE });
  });

  it('says when there is nothing, or nothing it knows', () => {
    expect(readScan('')).toEqual({ kind: 'empty' });
    expect(readScan('   \n')).toEqual({ kind: 'empty' });
    expect(readScan(null)).toEqual({ kind: 'empty' });
    expect(readScan('hello')).toEqual({ kind: 'unknown' });
    expect(readScan('https://x/mobile/checkAppointment/not-a-uuid')).toEqual({ kind: 'unknown' });
    expect(readScan(`${'a'.repeat(2001)}`)).toEqual({ kind: 'unknown' });
  });
});

describe('refresh and countdown', () => {
  it('fetches a code again 20 s before it expires, never more often than every 5 s, at most daily', () => {
    expect(refreshDelayMs(300)).toBe(280_000);
    expect(refreshDelayMs(21)).toBe(5_000);
    expect(refreshDelayMs(30 * 86_400)).toBe(86_400_000);
    expect(refreshDelayMs(undefined)).toBe(0);
    expect(refreshDelayMs(0)).toBe(0);
  });

  it('counts down whole seconds from when the code was fetched', () => {
    expect(secondsLeft(300, 1_000, 1_000)).toBe(300);
    expect(secondsLeft(300, 1_000, 1_999)).toBe(300);
    expect(secondsLeft(300, 1_000, 2_000)).toBe(299);
    expect(secondsLeft(300, 1_000, 400_000)).toBe(0);
    // a clock going back does not add time
    expect(secondsLeft(300, 5_000, 1_000)).toBe(300);
  });

  it('formats m:ss, and h:mm:ss from an hour', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(3 * 3600 + 5 * 60 + 7)).toBe('3:05:07');
  });
});

describe('scanPlan', async () => {
  const { scanPlan } = await import('./plan.ts');
  const resource = readScan(makeCode(1, RESOURCE, 1_760_000_000, 1_760_000_300));
  const voucher = readScan(makeCode(2, BOOKING, 1_760_000_000, 1_760_000_300));

  it('the booker checks in or out with a resource code and is told a voucher is for staff', () => {
    expect(scanPlan(resource, 'booker', 'in')).toMatchObject({ do: 'self', direction: 'in' });
    expect(scanPlan(resource, 'booker', 'out')).toMatchObject({ do: 'self', direction: 'out' });
    expect(scanPlan(voucher, 'booker', 'in')).toEqual({ do: 'refuse', reason: 'voucherNotForBooker' });
  });

  it('staff scan vouchers (reading the booking id) and are told a resource code is for bookers', () => {
    expect(scanPlan(voucher, 'staff', 'out')).toMatchObject({ do: 'staff', direction: 'out', bookingId: BOOKING });
    expect(scanPlan(resource, 'staff', 'in')).toEqual({ do: 'refuse', reason: 'resourceCodeNotForStaff' });
  });

  it('a desk takes both kinds', () => {
    expect(scanPlan(resource, 'desk', 'in')).toMatchObject({ do: 'self' });
    expect(scanPlan(voucher, 'desk', 'in')).toMatchObject({ do: 'staff', bookingId: BOOKING });
  });

  it('shows a booking from its check URL and refuses the rest with a reason', () => {
    expect(scanPlan({ kind: 'booking', id: BOOKING }, 'staff', 'in')).toEqual({ do: 'booking', id: BOOKING });
    expect(scanPlan({ kind: 'venue', id: RESOURCE }, 'booker', 'in')).toEqual({
      do: 'refuse',
      reason: 'venueWithoutCode',
      venueId: RESOURCE,
    });
    expect(scanPlan({ kind: 'empty' }, 'desk', 'in')).toEqual({ do: 'refuse', reason: 'empty' });
    expect(scanPlan({ kind: 'unknown' }, 'desk', 'in')).toEqual({ do: 'refuse', reason: 'unknown' });
    expect(scanPlan({ kind: 'code', code: 'x'.repeat(110), claims: null }, 'booker', 'in')).toEqual({
      do: 'refuse',
      reason: 'unknown',
    });
  });
});
