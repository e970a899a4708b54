import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';
import { appointments } from './booking.tables.ts';

/**
 * One handled step of a booking's approval (the spec's approval task): `task_name` (审批),
 * `status` '2' approved or '3' rejected (the booking's `audit_status` it set), `handle_time`,
 * the operator and the reason given. A booking still awaiting approval has no row yet; the
 * task list shows its pending step from the booking itself (docs/GLOSSARY.md).
 */
export const appointmentApprovalTasks = pgTable(
  'appointment_approval_tasks',
  {
    id: id(),
    tenant_id: tenantId(),
    appointment_id: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    task_name: text('task_name').notNull(),
    task_name_en: text('task_name_en').notNull().default(''),
    status: text('status').notNull(),
    reason: text('reason').notNull().default(''),
    operator: text('operator').notNull(),
    operator_name: text('operator_name').notNull().default(''),
    handle_time: timestamp('handle_time', { withTimezone: true, mode: 'date' }).notNull(),
    create_time: createTime(),
  },
  (t) => [
    index('appointment_approval_tasks_appt_idx').on(t.appointment_id),
    tenantIsolation('appointment_approval_tasks'),
  ],
).enableRLS();
