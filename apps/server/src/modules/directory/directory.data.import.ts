import { withTenant } from '../../db/client.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { RequestContext } from '../../platform/context.ts';
import * as dataRepo from './directory.data.repository.ts';
import type { SheetRow } from './directory.data.excel.ts';
import {
  flagOf,
  initialPassword,
  parsePositions,
  planDepartments,
  type DirectoryKind,
  type PositionCodes,
} from './directory.data.rules.ts';
import { auditImport, ImportLedger, tenantAdmin, type ImportReport } from './directory.data.service.ts';
import * as repo from './directory.repository.ts';
import { isSelfLockout } from './directory.rules.ts';

/**
 * Imports of departments, posts and users from a sheet (docs/GLOSSARY.md "Directory import").
 * Only the valid rows are written, in one transaction; a row whose code (account) exists
 * updates that record, a new one is added. Each refused row is in the report with its reason.
 */

/** Only the non-empty optional cells: an update leaves a field whose cell is empty as it is. */
function given<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

const orderOf = (cell: string | undefined) => (cell ? Number(cell) : undefined);
const flag = (cell: string | undefined) => flagOf(cell ?? '') ?? undefined;

export async function importDepartments(ctx: RequestContext, rows: readonly SheetRow[]): Promise<ImportReport> {
  const { tenant } = tenantAdmin(ctx);
  const ledger = new ImportLedger(rows);
  const valid = ledger.checkCells('departments', 'code');
  const failedCodes = new Map(
    rows.filter((r) => ledger.isRefused(r.row) && r.cells.code).map((r) => [r.cells.code!, r.row] as const),
  );
  for (const r of valid) failedCodes.delete(r.cells.code!);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    await repo.lockDirectoryStructure(tx, tenant.id);
    const existing = await repo.listDepartments(tx, tenant.id);
    const codeOfId = new Map(existing.map((d) => [d.id, d.code]));
    const byCode = new Map(existing.map((d) => [d.code, d]));
    const links = new Map(existing.map((d) => [d.code, codeOfId.get(d.parent) ?? '']));
    const plan = planDepartments(
      valid.map((r) => ({ index: r.row, code: r.cells.code!, parentCode: r.cells.parent_code ?? '' })),
      links,
      failedCodes,
    );
    for (const [row, why] of plan.refused) {
      const code = valid.find((r) => r.row === row)!.cells.parent_code ?? '';
      if ('parent' in why) ledger.refuse(row, 'parent_code', 'DIRECTORY_IMPORT_PARENT_ROW_FAILED', { row: why.parent });
      else if (why.why === 'cycle') ledger.refuse(row, 'parent_code', 'DIRECTORY_IMPORT_CYCLE');
      else ledger.refuse(row, 'parent_code', 'DIRECTORY_IMPORT_PARENT_NOT_FOUND', { code });
    }
    const idOfCode = new Map(existing.map((d) => [d.code, d.id]));
    let created = 0;
    let updated = 0;
    for (const index of plan.order) {
      const { cells } = valid.find((r) => r.row === index)!;
      const parent = cells.parent_code ? idOfCode.get(cells.parent_code)! : undefined;
      const fields = given({
        parent,
        order_num: orderOf(cells.order),
        disabled: flag(cells.disabled),
        description: cells.description,
      });
      const current = byCode.get(cells.code!);
      if (current) {
        await repo.updateDepartment(tx, tenant.id, current.id, { name: cells.name!, ...fields });
        updated++;
      } else {
        const row = await repo.insertDepartment(tx, tenant.id, { ...fields, name: cells.name!, code: cells.code! });
        idOfCode.set(row.code, row.id);
        created++;
      }
    }
    const report = ledger.report(created, updated);
    await auditImport(tx, ctx, 'departments', report);
    return report;
  });
}

export async function importPosts(ctx: RequestContext, rows: readonly SheetRow[]): Promise<ImportReport> {
  const { tenant } = tenantAdmin(ctx);
  const ledger = new ImportLedger(rows);
  const valid = ledger.checkCells('posts', 'code');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    await repo.lockDirectoryStructure(tx, tenant.id);
    const byCode = new Map((await repo.listPosts(tx, tenant.id)).map((p) => [p.code, p]));
    let created = 0;
    let updated = 0;
    for (const { cells } of valid) {
      const fields = given({
        formal: flag(cells.formal),
        disabled: flag(cells.disabled),
        description: cells.description,
      });
      const current = byCode.get(cells.code!);
      if (current) {
        await repo.updatePost(tx, tenant.id, current.id, { name: cells.name!, ...fields });
        updated++;
      } else {
        await repo.insertPost(tx, tenant.id, { ...fields, name: cells.name!, code: cells.code! });
        created++;
      }
    }
    const report = ledger.report(created, updated);
    await auditImport(tx, ctx, 'posts', report);
    return report;
  });
}

/** The positions of a users row as ids, or the reason they cannot be (reported on the row). */
function positionIds(
  ledger: ImportLedger,
  row: number,
  codes: PositionCodes[],
  depts: ReadonlyMap<string, string>,
  posts: ReadonlyMap<string, string>,
) {
  const out: { dept_id: string | null; post_id: string | null; active: boolean }[] = [];
  for (const p of codes) {
    const dept = p.dept ? depts.get(p.dept) : null;
    const post = p.post ? posts.get(p.post) : null;
    if (dept === undefined)
      return ledger.refuse(row, 'positions', 'DIRECTORY_IMPORT_DEPT_CODE_NOT_FOUND', { code: p.dept });
    if (post === undefined)
      return ledger.refuse(row, 'positions', 'DIRECTORY_IMPORT_POST_CODE_NOT_FOUND', { code: p.post });
    if (!out.some((o) => o.dept_id === dept && o.post_id === post))
      out.push({ dept_id: dept, post_id: post, active: true });
  }
  return out;
}

export async function importUsers(ctx: RequestContext, rows: readonly SheetRow[]): Promise<ImportReport> {
  const { tenant, user } = tenantAdmin(ctx);
  const ledger = new ImportLedger(rows);
  const checked = ledger.checkCells('users', 'account');
  const parsed = new Map<number, PositionCodes[] | undefined>();
  for (const r of checked) {
    if (!r.cells.positions) continue;
    const p = parsePositions(r.cells.positions);
    if ('bad' in p) ledger.refuse(r.row, 'positions', 'DIRECTORY_IMPORT_POSITION_INVALID', { value: p.bad });
    else parsed.set(r.row, p.positions);
  }
  const valid = checked.filter((r) => !ledger.isRefused(r.row));
  // Passwords of the accounts that are new now are hashed before the transaction (scrypt is slow).
  const before = await withTenant(ctx.db, tenant.id, (tx) =>
    dataRepo.usersByAccounts(
      tx,
      tenant.id,
      valid.map((r) => r.cells.account!),
    ),
  );
  const known = new Set(before.map((u) => u.account));
  const hashes = new Map<number, string>();
  const fresh = valid.filter((r) => !known.has(r.cells.account!));
  for (let i = 0; i < fresh.length; i += 8) {
    await Promise.all(
      fresh.slice(i, i + 8).map(async (r) => {
        const password = initialPassword(r.cells.password ?? '');
        if (password !== null) hashes.set(r.row, await hashPassword(password));
      }),
    );
  }
  return withTenant(ctx.db, tenant.id, async (tx) => {
    await repo.lockDirectoryStructure(tx, tenant.id);
    const depts = new Map((await repo.listDepartments(tx, tenant.id)).map((d) => [d.code, d.id]));
    const posts = new Map((await repo.listPosts(tx, tenant.id)).map((p) => [p.code, p.id]));
    const accounts = valid.filter((r) => !ledger.isRefused(r.row)).map((r) => r.cells.account!);
    const existing = new Map((await dataRepo.usersByAccounts(tx, tenant.id, accounts)).map((u) => [u.account, u]));
    let created = 0;
    let updated = 0;
    for (const r of valid) {
      if (ledger.isRefused(r.row)) continue;
      const { cells } = r;
      const codes = parsed.get(r.row);
      const positions = codes ? positionIds(ledger, r.row, codes, depts, posts) : undefined;
      if (codes && !positions) continue;
      const current = existing.get(cells.account!);
      const fields = given({
        phone: cells.phone,
        email: cells.email,
        sex: cells.sex,
        disabled: flag(cells.disabled),
      });
      if (current) {
        if (current.role === 'visitor') {
          ledger.refuse(r.row, 'account', 'DIRECTORY_IMPORT_VISITOR_ACCOUNT', { account: current.account });
          continue;
        }
        if (isSelfLockout(user.id, current.id, { disabled: fields.disabled })) {
          ledger.refuse(r.row, 'disabled', 'SELF_CHANGE_REFUSED');
          continue;
        }
        await repo.updateUser(tx, tenant.id, current.id, { name: cells.name!, ...fields });
        if (positions) await repo.replacePositions(tx, tenant.id, current.id, positions);
        updated++;
        continue;
      }
      // no password cell: no password until an administrator sets one ('' never verifies)
      const hash = hashes.get(r.row) ?? (await hashLate(cells.password ?? '')) ?? '';
      const row = await repo.insertUser(tx, tenant.id, {
        ...fields,
        account: cells.account!,
        name: cells.name!,
        username: cells.name!,
        role: 'user',
        password_hash: hash,
      });
      await repo.replacePositions(tx, tenant.id, row.id, positions ?? []);
      created++;
    }
    const report = ledger.report(created, updated);
    await auditImport(tx, ctx, 'users', report);
    return report;
  });
}

/** The hash of an account that was there before the transaction and is gone now (rare). */
async function hashLate(cell: string): Promise<string | null> {
  const password = initialPassword(cell);
  return password === null ? null : hashPassword(password);
}

export const importers: Record<
  DirectoryKind,
  (ctx: RequestContext, rows: readonly SheetRow[]) => Promise<ImportReport>
> = { departments: importDepartments, posts: importPosts, users: importUsers };
