import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTime, tenantId, tenantIsolation } from '../../db/columns.ts';
import { appointments } from '../booking/booking.tables.ts';

/**
 * The tenant's secret for signing check-in QR codes (HMAC-SHA256), made on first use and kept
 * in the database (like the sign-in provider's keys), never in code or configuration. A code
 * signed with another tenant's secret, or altered, does not verify.
 */
export const checkinKeys = pgTable(
  'checkin_keys',
  {
    tenant_id: uuid('tenant_id').primaryKey(),
    /** 32 random bytes, base64url. */
    secret: text('secret').notNull(),
    create_time: createTime(),
  },
  () => [tenantIsolation('checkin_keys')],
).enableRLS();

/**
 * The check-in record of a booking (one row per booking, made at its first check-in event):
 * sign-in and sign-out (when, how, by whom) and, for a no-show, when and how it was marked.
 * Ways: `sign_in_way` / `sign_out_way` '1' the booker scanned the resource's code, '2' staff
 * scanned the booker's voucher, '3' staff marked it; `missed_way` '1' the no-show job, '2' staff.
 * The booking's `appointment_state` stays the source of truth (docs/GLOSSARY.md); this row says
 * how it got there.
 */
export const appointmentSigns = pgTable(
  'appointment_signs',
  {
    appointment_id: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    tenant_id: tenantId(),
    resources_id: uuid('resources_id').notNull(),
    appointment_user: text('appointment_user').notNull(),
    sign_in_time: timestamp('sign_in_time', { withTimezone: true, mode: 'date' }),
    sign_in_way: text('sign_in_way').notNull().default(''),
    sign_in_user: text('sign_in_user').notNull().default(''),
    sign_in_user_name: text('sign_in_user_name').notNull().default(''),
    sign_out_time: timestamp('sign_out_time', { withTimezone: true, mode: 'date' }),
    sign_out_way: text('sign_out_way').notNull().default(''),
    sign_out_user: text('sign_out_user').notNull().default(''),
    sign_out_user_name: text('sign_out_user_name').notNull().default(''),
    missed_time: timestamp('missed_time', { withTimezone: true, mode: 'date' }),
    missed_way: text('missed_way').notNull().default(''),
    missed_user: text('missed_user').notNull().default(''),
    missed_user_name: text('missed_user_name').notNull().default(''),
    /** The staff's note when marking (honoured or missed). */
    remark: text('remark').notNull().default(''),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_signs_user_missed_idx').on(t.tenant_id, t.appointment_user, t.missed_time),
    tenantIsolation('appointment_signs'),
  ],
).enableRLS();

/**
 * Booking vouchers already used (a voucher code is single use): the first scan inserts its
 * nonce, a second scan of the same code finds it taken (`ON CONFLICT DO NOTHING`), so of two
 * simultaneous scans the database accepts exactly one. Rows past `expires_at` are swept (an
 * expired code is refused anyway).
 */
export const checkinCodeUses = pgTable(
  'checkin_code_uses',
  {
    tenant_id: tenantId(),
    nonce: text('nonce').notNull(),
    appointment_id: uuid('appointment_id').notNull(),
    used_time: timestamp('used_time', { withTimezone: true, mode: 'date' }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_id, t.nonce], name: 'checkin_code_uses_pk' }),
    index('checkin_code_uses_expires_idx').on(t.expires_at),
    tenantIsolation('checkin_code_uses'),
  ],
).enableRLS();
