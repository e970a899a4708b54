import { errorTexts, RESULT_FAILED, RESULT_OK, type ErrorCode } from '@yuyue/shared';
import { z } from 'zod';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import * as dataRepo from './directory.data.repository.ts';
import type { SheetRow } from './directory.data.excel.ts';
import { cellProblems, KIND_WORDS, repeatedKeys, type DirectoryKind } from './directory.data.rules.ts';
import * as repo from './directory.repository.ts';
import { isSelfLockout } from './directory.rules.ts';

/**
 * Directory data in bulk (docs/GLOSSARY.md "Directory import"): enabling or disabling several
 * users at once, and the per-row report every import of departments, posts and users answers
 * (the imports themselves: directory.data.import.ts).
 */

export interface Admin {
  tenant: TenantRef;
  user: AuthUser;
}

/** The caller, who must be a tenant administrator (REST routes are not behind the policy table). */
export function tenantAdmin(ctx: RequestContext): Admin {
  if (!ctx.tenant || !ctx.user) throw new AppError('UNAUTHENTICATED');
  if (ctx.user.role !== 'admin') throw new AppError('FORBIDDEN');
  return { tenant: ctx.tenant, user: ctx.user };
}

export const USERS_BATCH_MAX = 200;

const stateInput = z.object({
  ids: z.array(z.string().trim().refine(isUuid, 'must be a UUID')),
  disabled: z.boolean(),
});

/** Disables or enables several users; refuses the caller's own account and unknown or visitor ids. */
export async function updateUsersState(ctx: RequestContext, args: unknown): Promise<string[]> {
  const { tenant, user } = tenantAdmin(ctx);
  const input = parseInput(stateInput, args);
  const ids = [...new Set(input.ids)];
  if (!ids.length || ids.length > USERS_BATCH_MAX) throw new AppError('USERS_BATCH_SIZE', { max: USERS_BATCH_MAX });
  if (ids.some((id) => isSelfLockout(user.id, id, { disabled: input.disabled }))) {
    throw new AppError('SELF_CHANGE_REFUSED');
  }
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const found = await dataRepo.usersByIds(tx, tenant.id, ids);
    const people = found.filter((u) => u.role !== 'visitor');
    if (people.length !== ids.length) throw new AppError('USER_NOT_FOUND');
    for (const id of ids) await repo.updateUser(tx, tenant.id, id, { disabled: input.disabled });
    await audit(tx, ctx, {
      module: 'user',
      type: 'batchUpdate',
      content: `${input.disabled ? '停用' : '启用'}用户 ${people.map((p) => p.account).join(', ')}`.slice(0, 4000),
      object: ids.join(','),
    });
    return ids;
  });
}

// ---- The import report ----

/** One refused cell or row of an import. */
export interface ImportRowError {
  row: number;
  field: string;
  msg: string;
  msg_en: string;
}

export interface ImportReport {
  errcode: string;
  msg: string;
  msg_en: string;
  total: number;
  imported: number;
  created: number;
  updated: number;
  errors: ImportRowError[];
}

/** Collects an import's refusals and says how it went. */
export class ImportLedger {
  readonly errors: ImportRowError[] = [];
  private readonly refused = new Set<number>();

  constructor(readonly rows: readonly SheetRow[]) {}

  refuse(row: number, field: string, code: ErrorCode | string, params: Record<string, string | number> = {}) {
    const texts = errorTexts(code as ErrorCode, params);
    this.errors.push({ row, field, msg: texts.zh, msg_en: texts.en });
    this.refused.add(row);
  }

  isRefused(row: number): boolean {
    return this.refused.has(row);
  }

  /**
   * Refuses rows with bad cells, then rows repeating an earlier row's `key` column; returns
   * the rows left.
   */
  checkCells(kind: DirectoryKind, key: string): SheetRow[] {
    for (const r of this.rows) {
      for (const p of cellProblems(kind, r.cells)) this.refuse(r.row, p.field, p.code, p.params);
    }
    const left = this.rows.filter((r) => !this.isRefused(r.row));
    const repeats = repeatedKeys(left.map((r) => r.cells[key]!.toLowerCase()));
    for (const [i, first] of repeats) {
      this.refuse(left[i]!.row, key, 'DIRECTORY_IMPORT_DUPLICATE_ROW', {
        column: key,
        other: left[first]!.row,
      });
    }
    return left.filter((r) => !this.isRefused(r.row));
  }

  report(created: number, updated: number): ImportReport {
    this.errors.sort((a, b) => a.row - b.row);
    const failed = this.refused.size;
    const imported = created + updated;
    const code: ErrorCode = !this.rows.length
      ? 'CODE_IMPORT_EMPTY'
      : !imported
        ? 'DIRECTORY_IMPORT_FAILED'
        : failed
          ? 'DIRECTORY_IMPORT_PARTIAL'
          : 'DIRECTORY_IMPORT_DONE';
    const texts = errorTexts(code, { created, updated, failed });
    return {
      errcode: imported > 0 ? RESULT_OK : RESULT_FAILED,
      msg: texts.zh,
      msg_en: texts.en,
      total: this.rows.length,
      imported,
      created,
      updated,
      errors: this.errors,
    };
  }
}

/** The operate log's entry of an import (module department, post or user; type import). */
export async function auditImport(tx: Tx, ctx: RequestContext, kind: DirectoryKind, report: ImportReport) {
  const words = KIND_WORDS[kind];
  const failed = new Set(report.errors.map((e) => e.row)).size;
  const content = `导入${words.zh}：共 ${report.total} 行，新增 ${report.created} 行，更新 ${report.updated} 行，${failed} 行有错误`;
  if (words.module === 'department') await audit(tx, ctx, { module: 'department', type: 'import', content });
  else if (words.module === 'post') await audit(tx, ctx, { module: 'post', type: 'import', content });
  else await audit(tx, ctx, { module: 'user', type: 'import', content });
}
