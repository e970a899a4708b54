import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { codeItems, codes } from '../code-tables/code-tables.tables.ts';
import { users } from '../directory/directory.tables.ts';
import { DEFAULT_PERSON_TYPES, PERSON_TYPE_TABLE } from './visitors.admin-settings.rules.ts';
import { ensureVisitorDefaults } from './visitors.settings.repository.ts';
import {
  visitorAdminPermissions,
  visitorDetailSettings,
  visitorInfoFieldSettings,
  visitorRegisterFieldSettings,
} from './visitors.tables.ts';

/*
 * Writes of the visitor back office's settings (apps_yy_sys). Reads of the settings themselves
 * are in visitors.settings.repository.ts; every function takes the tenant.
 */

export type AdminPermissionRow = typeof visitorAdminPermissions.$inferSelect;
export type PersonTypeRow = typeof codeItems.$inferSelect;

// ---- Visitor types ----

export async function findDetailByType(tx: Executor, tenantId: string, visitorType: string) {
  await ensureVisitorDefaults(tx, tenantId);
  const [row] = await tx
    .select()
    .from(visitorDetailSettings)
    .where(and(eq(visitorDetailSettings.tenant_id, tenantId), eq(visitorDetailSettings.visitor_type, visitorType)))
    .limit(1);
  return row;
}

export async function updateDetail(
  tx: Executor,
  tenantId: string,
  visitorType: string,
  patch: Partial<
    Pick<
      typeof visitorDetailSettings.$inferInsert,
      | 'is_invite_school_flow_path'
      | 'is_enable_second_level'
      | 'invite_school_flow_path'
      | 'is_enable'
      | 'apply_school_resources'
      | 'mod_user'
    >
  >,
) {
  const [row] = await tx
    .update(visitorDetailSettings)
    .set({ ...patch, mod_time: new Date() })
    .where(and(eq(visitorDetailSettings.tenant_id, tenantId), eq(visitorDetailSettings.visitor_type, visitorType)))
    .returning();
  return row;
}

// ---- Registration fields ----

export async function updateRegisterField(
  tx: Executor,
  tenantId: string,
  fieldName: string,
  patch: Partial<
    Pick<
      typeof visitorRegisterFieldSettings.$inferInsert,
      'field_label' | 'field_label_en' | 'is_valid' | 'is_required' | 'sort' | 'mod_user_name'
    >
  >,
) {
  const f = visitorRegisterFieldSettings;
  const [row] = await tx
    .update(f)
    .set({ ...patch, mod_time: new Date() })
    .where(and(eq(f.tenant_id, tenantId), eq(f.field_name, fieldName)))
    .returning();
  return row;
}

// ---- Information fields ----

type InfoFieldValues = Omit<typeof visitorInfoFieldSettings.$inferInsert, 'id' | 'tenant_id' | 'mod_time'>;

export async function findInfoField(tx: Executor, tenantId: string, id: string) {
  const f = visitorInfoFieldSettings;
  const [row] = await tx
    .select()
    .from(f)
    .where(and(eq(f.tenant_id, tenantId), eq(f.id, id)))
    .limit(1);
  return row;
}

export async function nextInfoFieldSort(tx: Executor, tenantId: string): Promise<number> {
  const f = visitorInfoFieldSettings;
  const [row] = await tx
    .select({ top: max(f.sort) })
    .from(f)
    .where(eq(f.tenant_id, tenantId));
  return (row?.top ?? 0) + 1;
}

export async function insertInfoField(tx: Executor, tenantId: string, values: InfoFieldValues) {
  const [row] = await tx
    .insert(visitorInfoFieldSettings)
    .values({ ...values, tenant_id: tenantId })
    .returning();
  return row!;
}

export async function updateInfoField(tx: Executor, tenantId: string, id: string, values: Partial<InfoFieldValues>) {
  const f = visitorInfoFieldSettings;
  const [row] = await tx
    .update(f)
    .set({ ...values, mod_time: new Date() })
    .where(and(eq(f.tenant_id, tenantId), eq(f.id, id)))
    .returning();
  return row;
}

export async function deleteInfoFields(tx: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const f = visitorInfoFieldSettings;
  return tx
    .delete(f)
    .where(and(eq(f.tenant_id, tenantId), inArray(f.id, ids)))
    .returning({ id: f.id, field_name: f.field_name });
}

// ---- Person types (a code table) ----

/** The person types' code table, created with its default items the first time. */
export async function ensurePersonTypeTable(tx: Executor, tenantId: string): Promise<string> {
  const find = async () =>
    (
      await tx
        .select({ id: codes.id })
        .from(codes)
        .where(and(eq(codes.tenant_id, tenantId), eq(codes.code, PERSON_TYPE_TABLE.code)))
        .limit(1)
    )[0];
  const existing = await find();
  if (existing) return existing.id;
  const [created] = await tx
    .insert(codes)
    .values({ ...PERSON_TYPE_TABLE, tenant_id: tenantId, description: '', order: 900 })
    .onConflictDoNothing()
    .returning({ id: codes.id });
  if (!created) return (await find())!.id;
  await tx
    .insert(codeItems)
    .values(
      DEFAULT_PERSON_TYPES.map((p, i) => ({
        ...p,
        tenant_id: tenantId,
        codes_id: created.id,
        item_parent: p.item_name,
        item_index: i + 1,
        item_description: '',
      })),
    )
    .onConflictDoNothing();
  return created.id;
}

/** The person types' names, as the registration field person_type's options. */
export async function personTypeNames(tx: Executor, tenantId: string): Promise<string[]> {
  return (await listPersonTypes(tx, tenantId)).map((r) => r.item_name);
}

export async function listPersonTypes(tx: Executor, tenantId: string): Promise<PersonTypeRow[]> {
  const codesId = await ensurePersonTypeTable(tx, tenantId);
  return tx
    .select()
    .from(codeItems)
    .where(and(eq(codeItems.tenant_id, tenantId), eq(codeItems.codes_id, codesId)))
    .orderBy(asc(codeItems.item_index), asc(codeItems.item_code));
}

// ---- Visitor administrators ----

export async function listAdmins(
  tx: Executor,
  tenantId: string,
  filter: { keyword?: string; permission?: string } = {},
): Promise<AdminPermissionRow[]> {
  const p = visitorAdminPermissions;
  const rows = await tx
    .select()
    .from(p)
    .where(and(eq(p.tenant_id, tenantId), filter.permission ? eq(p.permission, filter.permission) : undefined))
    .orderBy(asc(p.admin_user));
  const keyword = filter.keyword?.toLowerCase();
  return keyword
    ? rows.filter(
        (r) => r.admin_user.toLowerCase().includes(keyword) || r.admin_user_name.toLowerCase().includes(keyword),
      )
    : rows;
}

export async function findAdmin(tx: Executor, tenantId: string, id: string) {
  const p = visitorAdminPermissions;
  const [row] = await tx
    .select()
    .from(p)
    .where(and(eq(p.tenant_id, tenantId), eq(p.id, id)))
    .limit(1);
  return row;
}

type AdminValues = Omit<typeof visitorAdminPermissions.$inferInsert, 'id' | 'tenant_id' | 'mod_time'>;

export async function insertAdmin(tx: Executor, tenantId: string, values: AdminValues) {
  const [row] = await tx
    .insert(visitorAdminPermissions)
    .values({ ...values, tenant_id: tenantId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateAdmins(tx: Executor, tenantId: string, ids: string[], values: Partial<AdminValues>) {
  if (ids.length === 0) return [];
  const p = visitorAdminPermissions;
  return tx
    .update(p)
    .set({ ...values, mod_time: new Date() })
    .where(and(eq(p.tenant_id, tenantId), inArray(p.id, ids)))
    .returning();
}

export async function deleteAdmins(tx: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const p = visitorAdminPermissions;
  return tx
    .delete(p)
    .where(and(eq(p.tenant_id, tenantId), inArray(p.id, ids)))
    .returning({ id: p.id, admin_user: p.admin_user });
}

/** Directory users (not visitors) by account, for picking an administrator or an approver. */
export async function directoryUsers(tx: Executor, tenantId: string, accounts: string[]) {
  if (accounts.length === 0) return [];
  return tx
    .select({ account: users.account, name: users.name, role: users.role, disabled: users.disabled })
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), inArray(users.account, accounts)));
}
