import { describe, expect, it } from 'vitest';
import { DESK_LOG_MAX, addScan, deskInput, type DeskScan } from './desk.ts';

/** A code of this version: version 1, kind (1 resource, 2 voucher), tenant, subject, issue, expiry, nonce, MAC. */
function code(kind: 1 | 2, expiresAt = 2_000_000_000): string {
  const b = new Uint8Array(82);
  b[0] = 1;
  b[1] = kind;
  b.fill(0x11, 2, 18);
  b.fill(0x22, 18, 34);
  new DataView(b.buffer).setUint32(34, 1_900_000_000);
  new DataView(b.buffer).setUint32(38, expiresAt);
  return btoa(String.fromCharCode(...b))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

describe('deskInput', () => {
  it('sends a voucher, typed with spaces or a newline by a scanner', () => {
    const voucher = code(2);
    expect(deskInput(` ${voucher}\n`)).toEqual({ ok: true, code: voucher, expiresAt: 2_000_000_000_000 });
  });

  it("refuses a resource's code, links and other text with the reason, and ignores an empty scan", () => {
    expect(deskInput(code(1))).toEqual({ ok: false, problem: 'resourceCode' });
    expect(deskInput(`https://x.edu/yy-sys/mobile/venueDetail/r?signCode=${code(1)}`)).toEqual({
      ok: false,
      problem: 'resourceCode',
    });
    expect(deskInput('https://x.edu/mobile/checkAppointment/22222222-2222-4222-8222-222222222222')).toEqual({
      ok: false,
      problem: 'bookingLink',
    });
    expect(deskInput('https://x.edu/mobile/venueDetail/22222222-2222-4222-8222-222222222222')).toEqual({
      ok: false,
      problem: 'venueLink',
    });
    expect(deskInput('hello')).toEqual({ ok: false, problem: 'unknown' });
    expect(deskInput('   ')).toEqual({ ok: false, problem: 'empty' });
  });

  it('still sends a code of the right shape it cannot read (the server decides)', () => {
    const odd = 'A'.repeat(110);
    expect(deskInput(odd)).toEqual({ ok: true, code: odd, expiresAt: null });
  });
});

describe('addScan', () => {
  it(`keeps the newest ${DESK_LOG_MAX} scans first`, () => {
    let log: DeskScan[] = [];
    for (let i = 1; i <= DESK_LOG_MAX + 5; i++) {
      log = addScan(log, { key: i, at: i, direction: 'in', ok: true, message: '', appointmentId: null });
    }
    expect(log).toHaveLength(DESK_LOG_MAX);
    expect(log[0]!.key).toBe(DESK_LOG_MAX + 5);
    expect(log.at(-1)!.key).toBe(6);
  });
});
