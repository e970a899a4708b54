import { OPERATE_LOG_PAGE_MAX } from '@yuyue/shared';
import type { ExportColumn } from '../appointments-admin/export.ts';
import type { Language } from '../../lib/i18n.ts';
import {
  findOperateLogAll,
  type OperateLog,
  type OperateLogPage,
  type OperateLogVariables,
} from './api/findOperateLogAll.ts';
import { codeWord } from './words.ts';

/** Most entries one export reads (50 pages of the largest size). */
export const OPERATE_LOG_EXPORT_MAX = 10_000;

/**
 * Every entry a search matches, page after page of the largest size, up to the export's limit;
 * `total` is what the server counted (more than `rows` when the limit cut it).
 */
export async function findAllOperateLogs(
  search: Pick<OperateLogVariables, 'filter' | 'operateTime'>,
  onProgress?: (read: number, total: number) => void,
  fetchPage: (variables: OperateLogVariables) => Promise<OperateLogPage> = findOperateLogAll,
): Promise<{ rows: OperateLog[]; total: number }> {
  const rows: OperateLog[] = [];
  let total: number;
  for (;;) {
    const page = await fetchPage({ ...search, first: OPERATE_LOG_PAGE_MAX, offset: rows.length });
    rows.push(...page.rows);
    total = page.totalCount ?? rows.length;
    onProgress?.(rows.length, total);
    if (page.rows.length < OPERATE_LOG_PAGE_MAX || !page.hasNextPage || rows.length >= OPERATE_LOG_EXPORT_MAX) break;
  }
  return { rows: rows.slice(0, OPERATE_LOG_EXPORT_MAX), total };
}

type Translate = (key: string) => string;

/** The export's columns: module and action in words of `lang` and, beside them, their codes. */
export function operateLogExportColumns(t: Translate, lang: Language): ExportColumn<OperateLog>[] {
  return [
    { header: t('settingsAdmin.log.time'), width: 20, value: (r) => r.operate_time },
    { header: t('settingsAdmin.log.account'), width: 16, value: (r) => r.operate_user_id },
    { header: t('settingsAdmin.log.userName'), width: 16, value: (r) => r.operate_user_name },
    { header: t('settingsAdmin.log.ip'), width: 16, value: (r) => r.id_address },
    { header: t('settingsAdmin.log.module'), width: 16, value: (r) => codeWord('module', r.operate_module, lang) },
    { header: t('settingsAdmin.log.moduleCode'), width: 18, value: (r) => r.operate_module },
    { header: t('settingsAdmin.log.type'), width: 16, value: (r) => codeWord('type', r.operate_type, lang) },
    { header: t('settingsAdmin.log.typeCode'), width: 18, value: (r) => r.operate_type },
    { header: t('settingsAdmin.log.content'), width: 60, value: (r) => r.operate_content },
    { header: t('settingsAdmin.log.object'), width: 40, value: (r) => r.operate_object },
  ];
}
