import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext } from '../../platform/context.ts';
import { formatPositions, type DirectoryKind } from './directory.data.rules.ts';
import { tenantAdmin } from './directory.data.service.ts';
import type { UserFilter } from './directory.inputs.ts';
import * as repo from './directory.repository.ts';
import { personViewOf, showsContact } from './directory.rules.ts';

/**
 * Exports of the directory (tenant administrators): the rows of a sheet in the import's
 * columns, so an export imports back. No password, no identity numbers; phone and email only
 * where the contact rule (directory.rules.ts `personViewOf`) shows them to the caller.
 */

export const EXPORT_MAX = 10_000;
const yesNo = (v: boolean) => (v ? '1' : '0');

/** Narrows an export's query string to the users filter: account, name (contains), dept (id or code). */
export function userExportFilter(query: Record<string, unknown>): UserFilter {
  const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string).trim().slice(0, 200) : '');
  const filter: UserFilter = { role: { ne: 'visitor' } };
  if (text('account')) filter.account = { like: text('account') };
  if (text('name')) filter.name = { like: text('name') };
  if (text('dept')) filter.dept = { eq: text('dept') };
  return filter;
}

async function auditExport(ctx: RequestContext, kind: DirectoryKind, count: number) {
  const { tenant } = tenantAdmin(ctx);
  const content = `导出${{ departments: '部门', posts: '岗位', users: '用户' }[kind]} ${count} 条`;
  await withTenant(ctx.db, tenant.id, async (tx) => {
    if (kind === 'departments') await audit(tx, ctx, { module: 'department', type: 'export', content });
    else if (kind === 'posts') await audit(tx, ctx, { module: 'post', type: 'export', content });
    else await audit(tx, ctx, { module: 'user', type: 'export', content });
  });
}

export async function exportDepartments(ctx: RequestContext): Promise<Record<string, string>[]> {
  const { tenant } = tenantAdmin(ctx);
  const all = await withTenant(ctx.db, tenant.id, (tx) => repo.listDepartments(tx, tenant.id));
  const codeOf = new Map(all.map((d) => [d.id, d.code]));
  const rows = all.slice(0, EXPORT_MAX).map((d) => ({
    code: d.code,
    name: d.name,
    parent_code: codeOf.get(d.parent) ?? '',
    order: String(d.order_num),
    disabled: yesNo(d.disabled),
    description: d.description,
  }));
  await auditExport(ctx, 'departments', rows.length);
  return rows;
}

export async function exportPosts(ctx: RequestContext): Promise<Record<string, string>[]> {
  const { tenant } = tenantAdmin(ctx);
  const all = await withTenant(ctx.db, tenant.id, (tx) => repo.listPosts(tx, tenant.id));
  const rows = all.slice(0, EXPORT_MAX).map((p) => ({
    code: p.code,
    name: p.name,
    formal: yesNo(p.formal),
    disabled: yesNo(p.disabled),
    description: p.description,
  }));
  await auditExport(ctx, 'posts', rows.length);
  return rows;
}

export async function exportUsers(ctx: RequestContext, filter: UserFilter): Promise<Record<string, string>[]> {
  const { tenant, user } = tenantAdmin(ctx);
  const rows = await withTenant(ctx.db, tenant.id, async (tx) => {
    const page = await repo.findUsersPage(tx, tenant.id, filter, { limit: EXPORT_MAX, offset: 0 });
    const positions = await repo.listPositions(
      tx,
      tenant.id,
      page.rows.map((r) => r.id),
    );
    return page.rows.map((u) => {
      const contact = showsContact(personViewOf(user, u, false));
      const held = positions
        .filter((p) => p.user_id === u.id)
        .map((p) => ({ dept: p.dept?.code ?? '', post: p.post?.code ?? '' }))
        .filter((p) => p.dept || p.post);
      return {
        account: u.account,
        name: u.name,
        phone: contact ? u.phone : '',
        email: contact ? u.email : '',
        sex: u.sex,
        positions: formatPositions(held),
        disabled: yesNo(u.disabled),
      };
    });
  });
  await auditExport(ctx, 'users', rows.length);
  return rows;
}
