import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sysSettings } from './settings.tables.ts';
import type { ManageSetting } from './settings.rules.ts';

export type SettingsRow = typeof sysSettings.$inferSelect;

export async function findSettings(tx: Executor, tenantId: string): Promise<SettingsRow | undefined> {
  const [row] = await tx.select().from(sysSettings).where(eq(sysSettings.tenant_id, tenantId)).limit(1);
  return row;
}

/** The tenant's settings row, locked until the transaction ends (read-merge-write). */
export async function findSettingsForUpdate(tx: Executor, tenantId: string): Promise<SettingsRow | undefined> {
  const [row] = await tx.select().from(sysSettings).where(eq(sysSettings.tenant_id, tenantId)).limit(1).for('update');
  return row;
}

/** Creates the tenant's settings row if it has none; returns the row either way. */
export async function ensureSettings(tx: Executor, tenantId: string, initial: ManageSetting): Promise<SettingsRow> {
  await tx.insert(sysSettings).values({ tenant_id: tenantId, manage_setting: initial }).onConflictDoNothing();
  const row = await findSettings(tx, tenantId);
  if (!row) throw new Error('settings row missing after insert');
  return row;
}

/** Merges `patch` into the stored settings (keys not named keep their values). */
export async function mergeSettings(tx: Executor, tenantId: string, patch: ManageSetting): Promise<SettingsRow> {
  const [row] = await tx
    .update(sysSettings)
    .set({
      manage_setting: sql`${sysSettings.manage_setting} || ${JSON.stringify(patch)}::jsonb`,
      update_time: new Date(),
    })
    .where(eq(sysSettings.tenant_id, tenantId))
    .returning();
  if (!row) throw new Error('settings row missing');
  return row;
}
