import { useQuery } from '@tanstack/react-query';
import { useOptionalSession } from '../../../../app/session.tsx';
import type { ResourceOption } from '../../../../features/occupancy/api/findResourcesAll.ts';
import { findResourcesTypeAllQueryOptions } from '../../../../features/resource-types/api/findResourcesTypeAll.ts';
import { pick } from '../../../../lib/i18n.ts';

/** A resource type as a filter bar's select offers it. */
export interface TypeOption {
  value: string;
  label: string;
}

/** The distinct types of `resources`, in the order they first appear (by their Chinese name: the picker's). */
export function typesOfResources(resources: readonly ResourceOption[]): TypeOption[] {
  const seen = new Map<string, TypeOption>();
  for (const r of resources) {
    if (r.resources_type_id && !seen.has(r.resources_type_id)) {
      seen.set(r.resources_type_id, { value: r.resources_type_id, label: r.resources_type_name });
    }
  }
  return [...seen.values()];
}

/**
 * The resource-type choices of a back-office filter bar: every type of the tenant for an
 * administrator; for a resource administrator, who may not list the types (`findResourcesTypeAll`
 * is the administrators'), the types of the resources they manage (`resources`, the server's
 * scoped list). Without a session (component tests) the administrators' choices.
 */
export function useResourceTypeOptions(resources: readonly ResourceOption[] | undefined): {
  options: TypeOption[];
  loading: boolean;
} {
  const session = useOptionalSession();
  const admin = !session || session.permission === 'admin';
  const types = useQuery({ ...findResourcesTypeAllQueryOptions(), enabled: admin });
  if (!admin) return { options: typesOfResources(resources ?? []), loading: false };
  return {
    options: (types.data ?? []).map((ty) => ({ value: ty.id, label: pick(ty.resources_name, ty.resources_name_en) })),
    loading: types.isFetching,
  };
}
