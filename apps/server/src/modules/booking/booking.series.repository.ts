import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow } from './booking.repository.ts';
import { appointments } from './booking.tables.ts';

/** The occurrences of one periodic or batch request, earliest first; `forUpdate` locks them until the transaction ends. */
export async function seriesAppointments(
  tx: Executor,
  tenantId: string,
  seriesId: string,
  forUpdate = false,
): Promise<AppointmentRow[]> {
  const q = tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.series_id, seriesId)))
    .orderBy(asc(appointments.starts_at), asc(appointments.id));
  return forUpdate ? q.for('update') : q;
}
