import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { visitorKeys, type VisitorPublicSettings } from '../types.ts';

export const findVisitorPublicSettingsDocument = /* GraphQL */ `
  query findVisitorPublicSettings($tenantKey: String) {
    findVisitorPublicSettings(tenantKey: $tenantKey) {
      tenant_name
      sys_name
      banner_img
      is_welcome_setting
      welcome_content
    }
  }
`;

/** The registration page's view of the tenant `tenantKey` names (no sign-in). */
export async function findVisitorPublicSettings(tenantKey: string): Promise<VisitorPublicSettings | null> {
  const data = await gql<{ findVisitorPublicSettings: VisitorPublicSettings | null }>(
    'public',
    findVisitorPublicSettingsDocument,
    { tenantKey: tenantKey || null },
  );
  return data.findVisitorPublicSettings;
}

export const findVisitorPublicSettingsQueryOptions = (tenantKey: string) =>
  queryOptions({
    queryKey: visitorKeys.publicSettings(tenantKey),
    queryFn: () => findVisitorPublicSettings(tenantKey),
    staleTime: 5 * 60_000,
  });

export const useVisitorPublicSettings = (tenantKey: string) =>
  useQuery(findVisitorPublicSettingsQueryOptions(tenantKey));
