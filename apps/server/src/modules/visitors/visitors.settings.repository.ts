import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  DEFAULT_DETAIL_SETTINGS,
  DEFAULT_INFO_FIELDS,
  DEFAULT_REGISTER_FIELDS,
  type InfoField,
} from './visitors.settings.rules.ts';
import {
  visitorDetailSettings,
  visitorInfoFieldSettings,
  visitorOverallSettings,
  visitorRegisterFieldSettings,
} from './visitors.tables.ts';

export type OverallSettingsRow = typeof visitorOverallSettings.$inferSelect;
export type DetailSettingsRow = typeof visitorDetailSettings.$inferSelect;
export type RegisterFieldRow = typeof visitorRegisterFieldSettings.$inferSelect;
export type InfoFieldRow = typeof visitorInfoFieldSettings.$inferSelect;

/**
 * The tenant's overall settings, seeding every visitor default the first time (overall
 * settings, the visitor types, registration and information fields). Inserts skip rows that
 * exist, so two first requests at once both succeed.
 */
export async function ensureVisitorDefaults(tx: Executor, tenantId: string): Promise<OverallSettingsRow> {
  const [existing] = await tx
    .select()
    .from(visitorOverallSettings)
    .where(eq(visitorOverallSettings.tenant_id, tenantId))
    .limit(1);
  if (existing) return existing;
  await tx
    .insert(visitorOverallSettings)
    .values({ tenant_id: tenantId })
    .onConflictDoNothing({ target: visitorOverallSettings.tenant_id });
  const [overall] = await tx
    .select()
    .from(visitorOverallSettings)
    .where(eq(visitorOverallSettings.tenant_id, tenantId))
    .limit(1);
  await tx
    .insert(visitorDetailSettings)
    .values(DEFAULT_DETAIL_SETTINGS.map((d) => ({ ...d, tenant_id: tenantId, overall_settings_id: overall!.id })))
    .onConflictDoNothing();
  await tx
    .insert(visitorRegisterFieldSettings)
    .values(DEFAULT_REGISTER_FIELDS.map((f, i) => ({ ...f, tenant_id: tenantId, sort: i + 1 })))
    .onConflictDoNothing();
  await tx
    .insert(visitorInfoFieldSettings)
    .values(DEFAULT_INFO_FIELDS.map((f, i) => ({ ...f, tenant_id: tenantId, sort: i + 1 })))
    .onConflictDoNothing();
  return overall!;
}

/** Every visitor type's settings, by type. */
export async function listDetailSettings(tx: Executor, tenantId: string): Promise<DetailSettingsRow[]> {
  await ensureVisitorDefaults(tx, tenantId);
  return tx
    .select()
    .from(visitorDetailSettings)
    .where(eq(visitorDetailSettings.tenant_id, tenantId))
    .orderBy(asc(visitorDetailSettings.visitor_type));
}

/** Every registration field setting, in order (`onlyValid`: those shown). */
export async function listRegisterFields(
  tx: Executor,
  tenantId: string,
  opts: { onlyValid?: boolean } = {},
): Promise<RegisterFieldRow[]> {
  await ensureVisitorDefaults(tx, tenantId);
  const f = visitorRegisterFieldSettings;
  return tx
    .select()
    .from(f)
    .where(and(eq(f.tenant_id, tenantId), opts.onlyValid ? eq(f.is_valid, 1) : undefined))
    .orderBy(asc(f.sort), asc(f.field_name));
}

/** Every information field setting, in order (`onlyVisitorValid`: those a visitor fills in). */
export async function listInfoFields(
  tx: Executor,
  tenantId: string,
  opts: { onlyVisitorValid?: boolean; fieldName?: string } = {},
): Promise<InfoFieldRow[]> {
  await ensureVisitorDefaults(tx, tenantId);
  const f = visitorInfoFieldSettings;
  return tx
    .select()
    .from(f)
    .where(
      and(
        eq(f.tenant_id, tenantId),
        opts.onlyVisitorValid ? eq(f.is_visitor_valid_info, 1) : undefined,
        opts.fieldName !== undefined ? eq(f.field_name, opts.fieldName) : undefined,
      ),
    )
    .orderBy(asc(f.sort), asc(f.field_name));
}

/** What the other visitor parts read of the settings: the overall row and each visitor type's. */
export interface VisitorSettings {
  overall: OverallSettingsRow;
  details: DetailSettingsRow[];
  /** The detail settings of a visitor type ('1', '2', '3'), if any. */
  detailOf(visitorType: string): DetailSettingsRow | undefined;
}

/** The tenant's visitor settings (defaults seeded on first need). */
export async function visitorSettings(tx: Executor, tenantId: string): Promise<VisitorSettings> {
  const overall = await ensureVisitorDefaults(tx, tenantId);
  const details = await listDetailSettings(tx, tenantId);
  return { overall, details, detailOf: (t) => details.find((d) => d.visitor_type === t) };
}

/** The tenant's information fields, in order, as `validateFieldValues` takes them. */
export async function infoFieldsOf(tx: Executor, tenantId: string): Promise<InfoField[]> {
  return listInfoFields(tx, tenantId);
}

/** Changes the tenant's overall settings (defaults seeded first). */
export async function updateOverallSettings(
  tx: Executor,
  tenantId: string,
  patch: Partial<Omit<typeof visitorOverallSettings.$inferInsert, 'id' | 'tenant_id'>>,
): Promise<OverallSettingsRow> {
  await ensureVisitorDefaults(tx, tenantId);
  const [row] = await tx
    .update(visitorOverallSettings)
    .set({ ...patch, mod_time: new Date() })
    .where(eq(visitorOverallSettings.tenant_id, tenantId))
    .returning();
  return row!;
}
