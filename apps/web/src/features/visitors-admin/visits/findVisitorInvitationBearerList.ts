import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { adminVisitKeys, type InvitationBearer } from './types.ts';

export const findVisitorInvitationBearerListDocument = /* GraphQL */ `
  query findVisitorInvitationBearerList($bearer_type: String, $name: String) {
    findVisitorInvitationBearerList(bearer_type: $bearer_type, name: $name) {
      id
      bearer_type
      bearer_id
      bearer_name
      is_enable
      mod_user
      mod_time
    }
  }
`;

export interface BearerListVariables {
  bearer_type: string | null;
  name: string | null;
}

/** The invitation bearers, by type and name. */
export async function findVisitorInvitationBearerList(v: BearerListVariables): Promise<InvitationBearer[]> {
  const data = await gql<{ findVisitorInvitationBearerList: InvitationBearer[] | null }>(
    'apps_yy_sys',
    findVisitorInvitationBearerListDocument,
    { ...v },
  );
  return data.findVisitorInvitationBearerList ?? [];
}

export const useInvitationBearers = (v: BearerListVariables) =>
  useQuery({
    queryKey: adminVisitKeys.bearers({ ...v }),
    queryFn: () => findVisitorInvitationBearerList(v),
    placeholderData: keepPreviousData,
  });
