import type { OperateLogVariables } from './api/findOperateLogAll.ts';

/** The operate-log screen's filter form. */
export interface OperateLogFilterValues {
  /** Account or name, by substring. */
  user?: string;
  /** A code, or codes any of which matches (those that read the same). */
  module?: string | string[];
  type?: string | string[];
  /** [start, end] as "YYYY-MM-DD HH:mm:ss" (from the range picker), either may be missing. */
  range?: [string | null | undefined, string | null | undefined] | null;
}

/**
 * Variables of findOperateLogAll for a filter and a page: the user matches the account or the
 * name (one condition each way would AND, so an account-looking text filters the id and other
 * text the name); module and type match exactly (one of several codes with \`in\`); the range
 * becomes operateTime [start, end].
 */
export function operateLogVariables(
  values: OperateLogFilterValues,
  page: number,
  pageSize: number,
): OperateLogVariables {
  const filter: OperateLogVariables['filter'] = {};
  const user = values.user?.trim();
  if (user) {
    if (/^[\w.@-]+$/.test(user)) filter.operate_user_id = { like: user };
    else filter.operate_user_name = { like: user };
  }
  const module = codeCondition(values.module);
  if (module) filter.operate_module = module;
  const type = codeCondition(values.type);
  if (type) filter.operate_type = type;
  const [start, end] = values.range ?? [];
  const operateTime = start || end ? [start ?? '', end ?? ''] : [];
  return { first: pageSize, offset: Math.max(0, (page - 1) * pageSize), filter, operateTime };
}

function codeCondition(value: string | string[] | undefined): { eq: string } | { in: string[] } | null {
  const codes = (Array.isArray(value) ? value : [value ?? '']).map((c) => c.trim()).filter(Boolean);
  if (codes.length === 0) return null;
  return codes.length === 1 ? { eq: codes[0]! } : { in: codes };
}
