import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jsonRows, resultRows, rowsFromJson } from '../../db/json-rows.ts';
import { resources } from '../resources/resources.tables.ts';
import type { RuleListsInput } from './rules.inputs.ts';
import {
  appointmentNumberLimitRules,
  resourcesAvailableNumberRules,
  resourcesDates,
  resourcesMonths,
  resourcesNoReservationConfigs,
  resourcesRuleTemplates,
  resourcesTimeSlots,
  resourcesWeeks,
} from './rules.tables.ts';

export type RuleTemplateRow = typeof resourcesRuleTemplates.$inferSelect;
export type NewRuleTemplate = Omit<typeof resourcesRuleTemplates.$inferInsert, 'tenant_id'>;
export type MonthRow = typeof resourcesMonths.$inferSelect;
export type DateRow = typeof resourcesDates.$inferSelect;
export type WeekRow = typeof resourcesWeeks.$inferSelect;
export type TimeSlotRow = typeof resourcesTimeSlots.$inferSelect;
export type NoReservationRow = typeof resourcesNoReservationConfigs.$inferSelect;
export type AvailableNumberRuleRow = typeof resourcesAvailableNumberRules.$inferSelect;
export type NumberLimitRuleRow = typeof appointmentNumberLimitRules.$inferSelect;

/** Whose rules: a resource's own or a template's. */
export type RuleOwner = { kind: 'resource'; id: string } | { kind: 'template'; id: string };

export interface RuleListRows {
  months: MonthRow[];
  dates: DateRow[];
  weeks: WeekRow[];
  timeSlots: TimeSlotRow[];
  noReservations: NoReservationRow[];
  availableNumberRules: AvailableNumberRuleRow[];
  numberLimits: NumberLimitRuleRow[];
}

const ruleTables = {
  months: resourcesMonths,
  dates: resourcesDates,
  weeks: resourcesWeeks,
  timeSlots: resourcesTimeSlots,
  noReservations: resourcesNoReservationConfigs,
  availableNumberRules: resourcesAvailableNumberRules,
  numberLimits: appointmentNumberLimitRules,
} as const;

function emptyLists(): RuleListRows {
  return {
    months: [],
    dates: [],
    weeks: [],
    timeSlots: [],
    noReservations: [],
    availableNumberRules: [],
    numberLimits: [],
  };
}

type RuleListKey = keyof typeof ruleTables;
const ruleListKeys = Object.keys(ruleTables) as RuleListKey[];

/**
 * The rule lists of owners as `jsonRows` subqueries, one per list, to select in one statement
 * (with `ruleListsFrom` to read them back). Null when there is no owner.
 */
export function ruleListSelections(
  tenantId: string,
  owners: { resourceIds: readonly string[]; templateIds: readonly string[] },
): Record<RuleListKey, SQL> | null {
  const resIds = [...new Set(owners.resourceIds)];
  const tplIds = [...new Set(owners.templateIds)];
  if (resIds.length + tplIds.length === 0) return null;
  const out = {} as Record<RuleListKey, SQL>;
  for (const key of ruleListKeys) {
    const table = ruleTables[key];
    const ownerCond: SQL[] = [];
    if (resIds.length) ownerCond.push(inArray(table.resources_id, resIds));
    if (tplIds.length) ownerCond.push(inArray(table.rule_template_id, tplIds));
    out[key] = jsonRows(table, and(eq(table.tenant_id, tenantId), or(...ownerCond)), [
      asc(table.create_time),
      asc(table.id),
    ]);
  }
  return out;
}

/** The rule lists of `owners` from the values of `ruleListSelections` (keyed as it keys them). */
export function ruleListsFrom(
  owners: readonly RuleOwner[],
  values: Partial<Record<RuleListKey, unknown>>,
): Map<string, RuleListRows> {
  const out = new Map<string, RuleListRows>();
  for (const o of owners) if (!out.has(o.id)) out.set(o.id, emptyLists());
  for (const key of ruleListKeys) {
    for (const row of rowsFromJson(ruleTables[key], values[key])) {
      const ownerId = row.resources_id ?? row.rule_template_id;
      const bucket = ownerId ? out.get(ownerId) : undefined;
      if (bucket) (bucket[key] as unknown[]).push(row);
    }
  }
  out.forEach((l) => {
    l.timeSlots.sort((a, b) => a.order - b.order || a.kssj.localeCompare(b.kssj));
    l.weeks.sort((a, b) => a.order - b.order || a.zj.localeCompare(b.zj));
    l.dates.sort((a, b) => a.order - b.order || a.start.localeCompare(b.start));
    l.months.sort((a, b) => a.order_num - b.order_num || Number(a.month) - Number(b.month));
    // The first capacity rule that matches wins: they keep the order they were given in.
    l.availableNumberRules.sort((a, b) => a.order_num - b.order_num);
  });
  return out;
}

/** The rule lists of many owners at once, keyed by owner id, in one statement. */
export async function loadRuleLists(
  tx: Executor,
  tenantId: string,
  owners: readonly RuleOwner[],
): Promise<Map<string, RuleListRows>> {
  const selections = ruleListSelections(tenantId, {
    resourceIds: owners.filter((o) => o.kind === 'resource').map((o) => o.id),
    templateIds: owners.filter((o) => o.kind === 'template').map((o) => o.id),
  });
  if (!selections) return ruleListsFrom(owners, {});
  const columns = ruleListKeys.map((key) => sql`${selections[key]} as ${sql.identifier(key)}`);
  const result = await tx.execute(sql`select ${sql.join(columns, sql`, `)}`);
  return ruleListsFrom(owners, resultRows(result)[0] ?? {});
}

function ownerColumns(owner: RuleOwner) {
  return owner.kind === 'resource' ? { resources_id: owner.id } : { rule_template_id: owner.id };
}

/**
 * Replaces the lists given (a list left out keeps its rows). Time slots keep their ids when
 * the input names a stored slot of the same owner, so bookings naming a slot stay valid.
 */
export async function replaceRuleLists(
  tx: Executor,
  tenantId: string,
  owner: RuleOwner,
  lists: RuleListsInput,
  by: { account: string; name: string },
): Promise<void> {
  const base = { tenant_id: tenantId, ...ownerColumns(owner) };
  const ownerWhere = <T extends (typeof ruleTables)[keyof typeof ruleTables]>(table: T) =>
    and(
      eq(table.tenant_id, tenantId),
      owner.kind === 'resource' ? eq(table.resources_id, owner.id) : eq(table.rule_template_id, owner.id),
    );
  if (lists.resourcesMonthList) {
    await tx.delete(resourcesMonths).where(ownerWhere(resourcesMonths));
    if (lists.resourcesMonthList.length) {
      await tx.insert(resourcesMonths).values(
        lists.resourcesMonthList.map((m, i) => ({
          ...base,
          month: m.month,
          day: m.day ?? '',
          order_num: m.order_num ?? i,
          created_user_id: by.account,
          created_user_name: by.name,
        })),
      );
    }
  }
  if (lists.resourcesDate) {
    await tx.delete(resourcesDates).where(ownerWhere(resourcesDates));
    if (lists.resourcesDate.length) {
      await tx.insert(resourcesDates).values(
        lists.resourcesDate.map((d, i) => ({
          ...base,
          start: d.start,
          end: d.end,
          order: d.order ?? i,
          del: d.del ?? 0,
        })),
      );
    }
  }
  if (lists.resourcesWeek) {
    await tx.delete(resourcesWeeks).where(ownerWhere(resourcesWeeks));
    if (lists.resourcesWeek.length) {
      await tx.insert(resourcesWeeks).values(
        lists.resourcesWeek.map((w, i) => ({
          ...base,
          zj: w.zj,
          zj_name: w.zj_name ?? '',
          order: w.order ?? i,
          del: w.del ?? 0,
        })),
      );
    }
  }
  if (lists.resourcesTimeSlot) {
    const stored = await tx
      .select({ id: resourcesTimeSlots.id })
      .from(resourcesTimeSlots)
      .where(ownerWhere(resourcesTimeSlots));
    const storedIds = new Set(stored.map((s) => s.id));
    const kept = new Set<string>();
    const rows = lists.resourcesTimeSlot.map((s, i) => {
      const keep = s.id && storedIds.has(s.id) && !kept.has(s.id) ? s.id : undefined;
      if (keep) kept.add(keep);
      return {
        ...base,
        ...(keep ? { id: keep } : {}),
        kssj: s.kssj,
        jssj: s.jssj,
        order: s.order ?? i,
        del: s.del ?? 0,
      };
    });
    await tx.delete(resourcesTimeSlots).where(ownerWhere(resourcesTimeSlots));
    if (rows.length) await tx.insert(resourcesTimeSlots).values(rows);
  }
  if (lists.resourcesNoReservationConfigList) {
    await tx.delete(resourcesNoReservationConfigs).where(ownerWhere(resourcesNoReservationConfigs));
    if (lists.resourcesNoReservationConfigList.length) {
      await tx.insert(resourcesNoReservationConfigs).values(
        lists.resourcesNoReservationConfigList.map((n) => ({
          ...base,
          rule_type: n.rule_type,
          month: n.month ?? '',
          day: n.day ?? '',
          start_date: n.start_date ?? '',
          end_date: n.end_date ?? '',
          week: n.week ?? '',
          start_time: n.start_time ?? '',
          end_time: n.end_time ?? '',
          reason_cn: n.reason_cn ?? '',
          reason_en: n.reason_en ?? '',
          created_user_id: by.account,
          created_user_name: by.name,
        })),
      );
    }
  }
  if (lists.resourcesAvailableNumberRuleList) {
    await tx.delete(resourcesAvailableNumberRules).where(ownerWhere(resourcesAvailableNumberRules));
    if (lists.resourcesAvailableNumberRuleList.length) {
      await tx.insert(resourcesAvailableNumberRules).values(
        lists.resourcesAvailableNumberRuleList.map((r, i) => ({
          ...base,
          order_num: i,
          time_slot_rule: r.time_slot_rule ?? '',
          date_rule: r.date_rule ?? '',
          start_date: r.start_date ?? '',
          end_date: r.end_date ?? '',
          weeks: r.weeks ?? '',
          start_time: r.start_time ?? '',
          end_time: r.end_time ?? '',
          available_number: r.available_number,
        })),
      );
    }
  }
  if (lists.resourcesAppointmentNumberLimitRuleList) {
    await tx.delete(appointmentNumberLimitRules).where(ownerWhere(appointmentNumberLimitRules));
    await insertNumberLimits(tx, tenantId, ownerColumns(owner), lists.resourcesAppointmentNumberLimitRuleList);
  }
}

type NumberLimitInput = NonNullable<RuleListsInput['resourcesAppointmentNumberLimitRuleList']>[number];

async function insertNumberLimits(
  tx: Executor,
  tenantId: string,
  owner: { resources_id?: string; rule_template_id?: string; resources_type_id?: string },
  limits: NumberLimitInput[],
): Promise<void> {
  if (!limits.length) return;
  await tx.insert(appointmentNumberLimitRules).values(
    limits.map((r) => ({
      tenant_id: tenantId,
      ...owner,
      appointment_number_rule: r.appointment_number_rule,
      appointment_number_limit: r.appointment_number_limit,
      timeperiod_number_begin_date: r.timeperiod_number_begin_date ?? '',
      timeperiod_number_end_date: r.timeperiod_number_end_date ?? '',
    })),
  );
}

/** The per-person limits of some resource types, keyed by type id. */
export async function typeNumberLimits(
  tx: Executor,
  tenantId: string,
  typeIds: string[],
): Promise<Map<string, NumberLimitRuleRow[]>> {
  const out = new Map<string, NumberLimitRuleRow[]>();
  if (!typeIds.length) return out;
  const rows = await tx
    .select()
    .from(appointmentNumberLimitRules)
    .where(
      and(
        eq(appointmentNumberLimitRules.tenant_id, tenantId),
        inArray(appointmentNumberLimitRules.resources_type_id, typeIds),
      ),
    )
    .orderBy(asc(appointmentNumberLimitRules.create_time));
  for (const r of rows) {
    const list = out.get(r.resources_type_id!) ?? [];
    list.push(r);
    out.set(r.resources_type_id!, list);
  }
  return out;
}

/** Replaces a resource type's per-person limits. */
export async function replaceTypeNumberLimits(
  tx: Executor,
  tenantId: string,
  typeId: string,
  limits: NumberLimitInput[],
): Promise<void> {
  await tx
    .delete(appointmentNumberLimitRules)
    .where(
      and(
        eq(appointmentNumberLimitRules.tenant_id, tenantId),
        eq(appointmentNumberLimitRules.resources_type_id, typeId),
      ),
    );
  await insertNumberLimits(tx, tenantId, { resources_type_id: typeId }, limits);
}

export async function insertTemplate(
  tx: Executor,
  tenantId: string,
  values: NewRuleTemplate,
): Promise<RuleTemplateRow> {
  const [row] = await tx
    .insert(resourcesRuleTemplates)
    .values({ ...values, tenant_id: tenantId })
    .returning();
  if (!row) throw new Error('template row missing after insert');
  return row;
}

export async function updateTemplate(
  tx: Executor,
  tenantId: string,
  id: string,
  patch: Partial<NewRuleTemplate>,
): Promise<RuleTemplateRow | undefined> {
  const [row] = await tx
    .update(resourcesRuleTemplates)
    .set({ ...patch, update_time: new Date() })
    .where(and(eq(resourcesRuleTemplates.tenant_id, tenantId), eq(resourcesRuleTemplates.id, id)))
    .returning();
  return row;
}

/** A template; `lock` holds it until the transaction ends (deleting vs. assigning it to a resource). */
export async function findTemplate(
  tx: Executor,
  tenantId: string,
  id: string,
  lock: 'update' | 'share' | null = null,
): Promise<RuleTemplateRow | undefined> {
  const q = tx
    .select()
    .from(resourcesRuleTemplates)
    .where(and(eq(resourcesRuleTemplates.tenant_id, tenantId), eq(resourcesRuleTemplates.id, id)))
    .limit(1);
  const [row] = lock ? await q.for(lock) : await q;
  return row;
}

export async function findTemplates(tx: Executor, tenantId: string, ids: string[]): Promise<RuleTemplateRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(resourcesRuleTemplates)
    .where(and(eq(resourcesRuleTemplates.tenant_id, tenantId), inArray(resourcesRuleTemplates.id, ids)));
}

export interface TemplateFilter {
  id?: { eq?: string; in?: string[] };
  template_name?: { eq?: string; in?: string[]; like?: string };
  time_slot_rule?: { eq?: string; in?: string[] };
  need_approve?: { eq?: string; in?: string[] };
}

function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listTemplates(
  tx: Executor,
  tenantId: string,
  filter: TemplateFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: RuleTemplateRow[]; total: number }> {
  const t = resourcesRuleTemplates;
  const conds: SQL[] = [eq(t.tenant_id, tenantId)];
  const columns = {
    id: t.id,
    template_name: t.template_name,
    time_slot_rule: t.time_slot_rule,
    need_approve: t.need_approve,
  };
  for (const [key, c] of Object.entries(filter) as [
    keyof TemplateFilter,
    { eq?: string; in?: string[]; like?: string },
  ][]) {
    if (!c) continue;
    const col = columns[key];
    if (c.eq !== undefined) conds.push(eq(col, c.eq));
    if (c.in !== undefined) conds.push(inArray(col, c.in));
    if (c.like !== undefined) conds.push(ilike(col, containsPattern(c.like)));
  }
  const where = and(...conds);
  const rows = await tx
    .select()
    .from(t)
    .where(where)
    .orderBy(asc(t.template_name), asc(t.id))
    .limit(page.limit)
    .offset(page.offset);
  const [n] = await tx.select({ n: count() }).from(t).where(where);
  return { rows, total: n?.n ?? 0 };
}

export async function deleteTemplate(tx: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(resourcesRuleTemplates)
    .where(and(eq(resourcesRuleTemplates.tenant_id, tenantId), eq(resourcesRuleTemplates.id, id)))
    .returning({ id: resourcesRuleTemplates.id });
  return rows.length > 0;
}

/** How many resources use each template. */
export async function templateUsage(tx: Executor, tenantId: string, ids: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!ids.length) return out;
  const rows = await tx
    .select({ id: resources.rule_template_id, n: count() })
    .from(resources)
    .where(
      and(eq(resources.tenant_id, tenantId), eq(resources.rule_source, '1'), inArray(resources.rule_template_id, ids)),
    )
    .groupBy(resources.rule_template_id);
  for (const r of rows) if (r.id) out.set(r.id, r.n);
  return out;
}
