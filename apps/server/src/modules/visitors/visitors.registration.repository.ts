import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { visitorOneTimeCodes, visitors } from './visitors.tables.ts';

export type CodeRow = typeof visitorOneTimeCodes.$inferSelect;
export type VisitorRow = typeof visitors.$inferSelect;
export type NewVisitor = Omit<typeof visitors.$inferInsert, 'tenant_id'>;

/**
 * Holds the one-time codes of a phone for the transaction: two sends (or checks) for one phone
 * at once take turns, so a rush cannot pass the sending limits.
 */
export async function lockPhoneCodes(tx: Executor, tenantId: string, phoneHash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`visitor-code:${tenantId}:${phoneHash}`}, 0))`);
}

/**
 * Holds the codes sent from a client address for the transaction, taken before the phone's: a
 * burst of different phones from one address takes turns, so it cannot pass the address limit.
 */
export async function lockAddressCodes(tx: Executor, tenantId: string, address: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`visitor-code-address:${tenantId}:${address}`}, 0))`,
  );
}

/** When codes were sent (epoch ms) to a phone, and from an address, since `since`. */
export async function recentSends(
  tx: Executor,
  tenantId: string,
  phoneHash: string,
  address: string,
  since: Date,
): Promise<{ phone: number[]; address: number[] }> {
  const c = visitorOneTimeCodes;
  const byPhone = await tx
    .select({ at: c.create_time })
    .from(c)
    .where(and(eq(c.tenant_id, tenantId), eq(c.phone_hash, phoneHash), gt(c.create_time, since)));
  const byAddress = address
    ? await tx
        .select({ at: c.create_time })
        .from(c)
        .where(and(eq(c.tenant_id, tenantId), eq(c.address, address), gt(c.create_time, since)))
    : [];
  return { phone: byPhone.map((r) => r.at.getTime()), address: byAddress.map((r) => r.at.getTime()) };
}

export async function insertCode(
  tx: Executor,
  tenantId: string,
  code: Omit<typeof visitorOneTimeCodes.$inferInsert, 'tenant_id'>,
): Promise<CodeRow> {
  const [row] = await tx
    .insert(visitorOneTimeCodes)
    .values({ ...code, tenant_id: tenantId })
    .returning();
  return row!;
}

/** The newest code of a phone for a purpose (a new code replaces the older ones). */
export async function latestCode(
  tx: Executor,
  tenantId: string,
  phoneHash: string,
  purpose: string,
): Promise<CodeRow | undefined> {
  const c = visitorOneTimeCodes;
  const [row] = await tx
    .select()
    .from(c)
    .where(and(eq(c.tenant_id, tenantId), eq(c.phone_hash, phoneHash), eq(c.purpose, purpose)))
    .orderBy(desc(c.create_time))
    .limit(1);
  return row;
}

/** Counts a wrong try. */
export async function countWrongAttempt(tx: Executor, tenantId: string, id: string): Promise<number> {
  const c = visitorOneTimeCodes;
  const [row] = await tx
    .update(c)
    .set({ attempts: sql`${c.attempts} + 1` })
    .where(and(eq(c.tenant_id, tenantId), eq(c.id, id)))
    .returning({ attempts: c.attempts });
  return row?.attempts ?? 0;
}

/** Uses a live code once: false when it was used, expired or dead meanwhile. */
export async function consumeCode(tx: Executor, tenantId: string, id: string, now: Date, maxAttempts: number) {
  const c = visitorOneTimeCodes;
  const rows = await tx
    .update(c)
    .set({ consumed_at: now })
    .where(
      and(
        eq(c.tenant_id, tenantId),
        eq(c.id, id),
        isNull(c.consumed_at),
        gt(c.expires_at, now),
        lt(c.attempts, maxAttempts),
      ),
    )
    .returning({ id: c.id });
  return rows.length > 0;
}

/** Forgets codes that expired over a day ago (nothing reads them any more). */
export async function deleteOldCodes(tx: Executor, tenantId: string, before: Date): Promise<void> {
  const c = visitorOneTimeCodes;
  await tx.delete(c).where(and(eq(c.tenant_id, tenantId), lt(c.expires_at, before)));
}

/** Whether an ID number (by its lookup hash) is registered. */
export async function cardNumberTaken(tx: Executor, tenantId: string, cardHash: string): Promise<boolean> {
  if (!cardHash) return false;
  const rows = await tx
    .select({ id: visitors.id })
    .from(visitors)
    .where(and(eq(visitors.tenant_id, tenantId), eq(visitors.card_number_hash, cardHash)))
    .limit(1);
  return rows.length > 0;
}

export async function insertVisitor(tx: Executor, tenantId: string, visitor: NewVisitor): Promise<VisitorRow> {
  const [row] = await tx
    .insert(visitors)
    .values({ ...visitor, tenant_id: tenantId })
    .returning();
  return row!;
}
