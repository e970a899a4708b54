import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { visitorAppointments, visitors } from './visitors.tables.ts';

export type VisitorRow = typeof visitors.$inferSelect;
export type VisitorPatch = Partial<Omit<typeof visitors.$inferInsert, 'id' | 'tenant_id' | 'user_id' | 'create_time'>>;

/** The visitor registration of a directory user (a signed-in visitor), if any (valid or not). */
export async function visitorOfUser(tx: Executor, tenantId: string, userId: string): Promise<VisitorRow | undefined> {
  const [row] = await tx
    .select()
    .from(visitors)
    .where(and(eq(visitors.tenant_id, tenantId), eq(visitors.user_id, userId)))
    .limit(1);
  return row;
}

/** The visitor with a phone's lookup hash, if registered (valid or not). */
export async function visitorByPhoneHash(
  tx: Executor,
  tenantId: string,
  phoneHash: string,
): Promise<VisitorRow | undefined> {
  const [row] = await tx
    .select()
    .from(visitors)
    .where(and(eq(visitors.tenant_id, tenantId), eq(visitors.phone_hash, phoneHash)))
    .limit(1);
  return row;
}

export async function updateVisitor(
  tx: Executor,
  tenantId: string,
  id: string,
  patch: VisitorPatch,
): Promise<VisitorRow | undefined> {
  const [row] = await tx
    .update(visitors)
    .set({ ...patch, mod_time: new Date() })
    .where(and(eq(visitors.tenant_id, tenantId), eq(visitors.id, id)))
    .returning();
  return row;
}

/** The visitor's latest visit application (not deleted), for the visit fields of the registration view. */
export async function latestAppointmentOf(tx: Executor, tenantId: string, visitorId: string) {
  const a = visitorAppointments;
  const [row] = await tx
    .select({
      in_school_date: a.in_school_date,
      in_school_reason: a.in_school_reason,
      in_school_area: a.in_school_area,
      peers: a.peers,
      in_child: a.in_child,
      accept_visit_name: a.accept_visit_name,
      accept_visit_phone: a.accept_visit_phone,
      accept_visit_unit: a.accept_visit_unit,
      visitor_type: a.visitor_type,
    })
    .from(a)
    .where(and(eq(a.tenant_id, tenantId), eq(a.visitor_id, visitorId), eq(a.del, 0)))
    .orderBy(desc(a.create_time))
    .limit(1);
  return row;
}
