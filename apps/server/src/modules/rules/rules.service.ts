import { formatDateTime } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { ruleFieldNames, type RuleConfig } from './rules.columns.ts';
import { ruleTemplateInput, type RuleListsInput } from './rules.inputs.ts';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  loadRuleLists,
  replaceRuleLists,
  templateUsage,
  updateTemplate,
  type NewRuleTemplate,
  type RuleTemplateRow,
  type TemplateFilter,
} from './rules.repository.ts';
import { ruleProblem, wireRuleLists } from './rules.rules.ts';
import { normaliseFilterMap } from '../resources/resources.rules.ts';

function requireUser(ctx: RequestContext): { tenant: TenantRef; user: AuthUser } {
  if (!ctx.tenant || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return { tenant: ctx.tenant, user: ctx.user };
}

/** Rule scalars given in an input (undefined ones left out, so an update keeps them). */
export function ruleScalarsOf(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of ruleFieldNames) {
    if (f !== 'rule_config' && input[f] !== undefined) out[f] = input[f];
  }
  return out;
}

/** Throws the first problem of the rules given. */
export function checkRules(lists: RuleListsInput, config: RuleConfig | undefined): void {
  const problem = ruleProblem(lists, config);
  if (problem) throw new AppError(problem.code, problem.params);
}

const listKeys = [
  'resourcesMonthList',
  'resourcesDate',
  'resourcesWeek',
  'resourcesTimeSlot',
  'resourcesNoReservationConfigList',
  'resourcesAvailableNumberRuleList',
  'resourcesAppointmentNumberLimitRuleList',
] as const;

export function ruleListsOf(input: RuleListsInput): RuleListsInput {
  const out: RuleListsInput = {};
  for (const k of listKeys) if (input[k] !== undefined) (out as Record<string, unknown>)[k] = input[k];
  return out;
}

async function wireTemplates(tx: Tx, tenant: TenantRef, rows: RuleTemplateRow[]) {
  const lists = await loadRuleLists(
    tx,
    tenant.id,
    rows.map((r) => ({ kind: 'template' as const, id: r.id })),
  );
  const usage = await templateUsage(
    tx,
    tenant.id,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const { rule_config, tenant_id: _tenant, update_time: _updated, create_time, ...rest } = r;
    return {
      ...rest,
      config: rule_config,
      create_time: formatDateTime(create_time.getTime(), tenant.timeZone),
      resourcesCount: usage.get(r.id) ?? 0,
      ...wireRuleLists(lists.get(r.id)!, '', tenant.timeZone),
    };
  });
}

function filterOf(input: unknown): TemplateFilter {
  return normaliseFilterMap(input, ['id', 'template_name', 'time_slot_rule', 'need_approve'] as const, ['id']);
}

const PAGE_MAX = 200;

/** A page of the tenant's rule templates, by name. */
export async function listTemplatePage(
  ctx: RequestContext,
  args: { first?: number | null; offset?: number | null; filter?: unknown },
) {
  const { tenant } = requireUser(ctx);
  const limit = Math.min(args.first && args.first > 0 ? args.first : 20, PAGE_MAX);
  const offset = args.offset && args.offset > 0 ? args.offset : 0;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { rows, total } = await listTemplates(tx, tenant.id, filterOf(args.filter), { limit, offset });
    return { nodes: await wireTemplates(tx, tenant, rows), total, offset };
  });
}

/** One rule template, or null. */
export async function getTemplate(ctx: RequestContext, id: unknown) {
  const { tenant } = requireUser(ctx);
  if (!isUuid(id)) return null;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findTemplate(tx, tenant.id, id);
    return row ? (await wireTemplates(tx, tenant, [row]))[0]! : null;
  });
}

/** Creates (no id) or updates (id) a rule template; every resource using it follows. Returns its id. */
export async function saveTemplate(ctx: RequestContext, input: unknown, mode: 'save' | 'update'): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const model = parseInput(ruleTemplateInput, input);
  if (mode === 'update' && !model.id) throw new AppError('REQUIRED', { field: 'id' });
  if (mode === 'save' && !model.template_name) throw new AppError('RULE_TEMPLATE_NAME_REQUIRED');
  if (mode === 'update' && model.template_name === '') throw new AppError('RULE_TEMPLATE_NAME_REQUIRED');
  const lists = ruleListsOf(model);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const stored = mode === 'update' ? await findTemplate(tx, tenant.id, model.id!, 'update') : undefined;
    if (mode === 'update' && !stored) throw new AppError('RULE_TEMPLATE_NOT_FOUND');
    const config = model.config
      ? { ...(stored?.rule_config ?? {}), ...definedOnly(model.config) }
      : stored?.rule_config;
    checkRules(lists, config);
    const values: Partial<NewRuleTemplate> = {
      ...ruleScalarsOf(model),
      ...(model.template_name !== undefined ? { template_name: model.template_name } : {}),
      ...(model.template_name_en !== undefined ? { template_name_en: model.template_name_en } : {}),
      ...(model.remark !== undefined ? { remark: model.remark } : {}),
      ...(config ? { rule_config: config } : {}),
    };
    const row = stored
      ? await updateTemplate(tx, tenant.id, stored.id, values)
      : await insertTemplate(tx, tenant.id, {
          ...values,
          template_name: model.template_name!,
          created_user: user.account,
          created_user_name: user.name,
        });
    if (!row) throw new AppError('RULE_TEMPLATE_NOT_FOUND');
    await replaceRuleLists(tx, tenant.id, { kind: 'template', id: row.id }, lists, user);
    await audit(tx, ctx, {
      module: 'resources_rule_template',
      type: mode,
      content: `${mode === 'save' ? '新增' : '修改'}规则模板 ${row.template_name}`,
      object: row.id,
    });
    return row.id;
  });
}

/** Deletes a rule template; refused while resources use it. */
export async function removeTemplate(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('RULE_TEMPLATE_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findTemplate(tx, tenant.id, id, 'update');
    if (!row) throw new AppError('RULE_TEMPLATE_NOT_FOUND');
    const used = (await templateUsage(tx, tenant.id, [id])).get(id) ?? 0;
    if (used > 0) throw new AppError('RULE_TEMPLATE_IN_USE', { count: used });
    await deleteTemplate(tx, tenant.id, id);
    await audit(tx, ctx, {
      module: 'resources_rule_template',
      type: 'delete',
      content: `删除规则模板 ${row.template_name}`,
      object: id,
    });
    return id;
  });
}

/** The keys of an object whose values are defined. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
