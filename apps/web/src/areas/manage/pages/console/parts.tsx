import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { APP_ROLES, APPLICATIONS, isAppRole } from '@yuyue/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { findResourcesForPickerQueryOptions } from '../../../../features/occupancy/api/findResourcesAll.ts';
import { findResourcesTypeAllQueryOptions } from '../../../../features/resource-types/api/findResourcesTypeAll.ts';
import { describeFilter, type FilterKind } from '../../../../features/grants/filter.ts';
import type { AppRoleEntry, Flow, RoleScope, SubjectType } from '../../../../features/grants/types.ts';
import { findVisitorAreaResourcesAllQueryOptions } from '../../../../features/visitors-admin/settings/findVisitorAreaResourcesAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import type { OperationResult } from '../../../../lib/operation-result.ts';
import { VISITOR_TYPE_NAMES } from '../visitors/settings/parts.tsx';

/** The application centre's paths. */
export const consolePaths = {
  home: '/manage/console',
  rolePermission: '/manage/console/govern/rolepermission',
  staff: '/manage/console/authorize/staff',
  deptPost: '/manage/console/authorize/dept_post',
  directory: '/manage/console/directory',
} as const;

/** A role's name in the current language: the server's, else the catalogue's, else its code. */
export function roleName(code: string, roles?: readonly AppRoleEntry[]): string {
  const r = roles?.find((x) => x.code === code);
  if (r) return pick(r.name, r.nameEn);
  return isAppRole(code) ? pick(APP_ROLES[code].name, APP_ROLES[code].nameEn) : code;
}

/** An application's name in the current language (`nameEn` when the server sends it, else the catalogue's). */
export function appName(flow: Pick<Flow, 'code' | 'name'> & { nameEn?: string | null }): string {
  const known = APPLICATIONS[flow.code as keyof typeof APPLICATIONS];
  return pick(flow.name || known?.name, flow.nameEn || known?.nameEn);
}

/** The text of a change's result (errcode "0"): the server's message in the current language. */
export const resultText = (r: OperationResult | null | undefined, fallback: string) =>
  r ? pick(r.msg, r.msg_en) || fallback : fallback;

const SUBJECT_COLORS: Record<SubjectType, string> = { user: 'blue', dept: 'green', post: 'purple', triple: 'orange' };

/** A grant's subject type as a tag (named, not colour alone). */
export function SubjectTag({ type }: { type: SubjectType }) {
  const { t } = useTranslation();
  return <Tag color={SUBJECT_COLORS[type] ?? 'default'}>{t(`console.subject.${type}`)}</Tag>;
}

/**
 * The names of what grant filters name: resources and resource types (loaded when `scopes`
 * include `resources`), visitor areas and visitor types (`visitors`).
 */
export function useScopeNames(scopes: readonly RoleScope[]) {
  const resourcesOn = scopes.includes('resources');
  const visitorsOn = scopes.includes('visitors');
  const resources = useQuery({ ...findResourcesForPickerQueryOptions(), enabled: resourcesOn });
  const types = useQuery({ ...findResourcesTypeAllQueryOptions(), enabled: resourcesOn });
  const areas = useQuery({ ...findVisitorAreaResourcesAllQueryOptions(), enabled: visitorsOn });
  const nameOf = (kind: FilterKind, id: string): string | undefined => {
    if (kind === 'resources') {
      const r = resources.data?.find((x) => x.id === id);
      return r ? pick(r.resources_name, r.resources_name_en) : undefined;
    }
    if (kind === 'resourceTypes') {
      const ty = types.data?.find((x) => x.id === id);
      return ty ? pick(ty.resources_name, ty.resources_name_en) : undefined;
    }
    if (kind === 'areas') {
      const a = areas.data?.find((x) => x.id === id);
      return a ? pick(a.resources_name, a.resources_name_en) : undefined;
    }
    const v = VISITOR_TYPE_NAMES[id];
    return v ? pick(v.zh, v.en) : undefined;
  };
  return {
    nameOf,
    resources: resources.data ?? [],
    types: types.data ?? [],
    areas: areas.data ?? [],
    loading: resources.isFetching || types.isFetching || areas.isFetching,
    error: resources.error ?? types.error ?? areas.error,
  };
}

export type ScopeNames = ReturnType<typeof useScopeNames>;

/** What a grant covers in words: "全部"/"All", or per kind the names of what it names. */
export function filterWords(filter: string | null | undefined, names: ScopeNames, t: TFunction) {
  const parts = describeFilter(filter, names.nameOf, (id) =>
    names.loading ? '…' : t('console.filter.missing', { id }),
  );
  if (!parts.length) return t('console.filter.all');
  return parts
    .map((p) =>
      t('console.filter.part', {
        kind: t(`console.filter.${p.kind}`),
        names: p.names.join(t('console.filter.separator')),
      }),
    )
    .join(t('console.filter.join'));
}

/** A grant's filter as text, "全部" highlighted as the whole tenant. */
export function FilterText({ filter, names }: { filter: string | null | undefined; names: ScopeNames }) {
  const { t } = useTranslation();
  const text = filterWords(filter, names, t);
  if (text === t('console.filter.all')) return <Typography.Text strong>{text}</Typography.Text>;
  return <span>{text}</span>;
}
