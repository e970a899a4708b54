import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { refreshDelayMs } from '../codes.ts';
import { SIGN_CODE_FIELDS, checkinKeys, type AppointmentSignCode } from '../types.ts';

export const findResourcesSignCodeDocument = /* GraphQL */ `
  query findResourcesSignCode($resourcesId: String!, $validDays: Int) {
    findResourcesSignCode(resourcesId: $resourcesId, validDays: $validDays) { ${SIGN_CODE_FIELDS} }
  }
`;

/**
 * A resource's check-in code, for its administrators: without `validDays` valid 300 s (a screen
 * at the venue that refreshes it), with `validDays` (1-1095) one to print.
 */
export async function findResourcesSignCode(
  resourcesId: string,
  validDays?: number | null,
): Promise<AppointmentSignCode | null> {
  return (
    await gql<{ findResourcesSignCode: AppointmentSignCode | null }>('apps_yy_sys', findResourcesSignCodeDocument, {
      resourcesId,
      validDays: validDays ?? null,
    })
  ).findResourcesSignCode;
}

export const findResourcesSignCodeQueryOptions = (resourcesId: string | null | undefined, validDays?: number | null) =>
  queryOptions({
    queryKey: checkinKeys.resourceCode(resourcesId ?? '', validDays ?? null),
    queryFn: () => findResourcesSignCode(resourcesId!, validDays),
    enabled: Boolean(resourcesId),
    retry: false,
    staleTime: (q) => refreshDelayMs(q.state.data?.expires_in),
    // A screen's code is renewed before it expires; a printed one is not.
    refetchInterval: (q) => (q.state.data && !validDays ? refreshDelayMs(q.state.data.expires_in) : false),
    refetchOnWindowFocus: true,
  });

/** A resource's on-screen check-in code (renewed before it expires) or a printable one. */
export function useResourcesSignCode(
  resourcesId: string | null | undefined,
  validDays?: number | null,
  enabled = true,
) {
  const options = findResourcesSignCodeQueryOptions(resourcesId, validDays);
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
