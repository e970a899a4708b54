import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { visitorKeys, type RegisterField } from '../types.ts';

export const findRegisterFieldListForPublicDocument = /* GraphQL */ `
  query findRegisterFieldListForPublic($tenantKey: String) {
    findRegisterFieldListForPublic(tenantKey: $tenantKey) {
      id
      field_name
      field_label
      field_label_en
      is_valid
      is_required
      sort
      options
    }
  }
`;

/** The registration fields the tenant shows (is_valid 1), in order (no sign-in). */
export async function findRegisterFieldListForPublic(tenantKey: string): Promise<RegisterField[]> {
  const data = await gql<{ findRegisterFieldListForPublic: RegisterField[] | null }>(
    'public',
    findRegisterFieldListForPublicDocument,
    { tenantKey: tenantKey || null },
  );
  return data.findRegisterFieldListForPublic ?? [];
}

export const findRegisterFieldListForPublicQueryOptions = (tenantKey: string) =>
  queryOptions({
    queryKey: visitorKeys.registerFields(tenantKey),
    queryFn: () => findRegisterFieldListForPublic(tenantKey),
  });

export const useRegisterFieldListForPublic = (tenantKey: string) =>
  useQuery(findRegisterFieldListForPublicQueryOptions(tenantKey));
