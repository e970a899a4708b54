import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { visitorKeys, type VisitorPass } from '../types.ts';

export const findVisitorPassDocument = /* GraphQL */ `
  query findVisitorPass($id: String!) {
    findVisitorPass(id: $id) {
      serial
      kind
      ref_id
      token
      visitor_name
      area_names
      area_names_en
      valid_from
      valid_to
      state
    }
  }
`;

/** The entry pass of a visit (its id). */
export async function findVisitorPass(id: string): Promise<VisitorPass | null> {
  const data = await gql<{ findVisitorPass: VisitorPass | null }>('apps_yy_sys', findVisitorPassDocument, { id });
  return data.findVisitorPass;
}

export const findVisitorPassQueryOptions = (id: string) =>
  queryOptions({ queryKey: visitorKeys.pass(id), queryFn: () => findVisitorPass(id), enabled: !!id });

/** The pass, read again every `pollMs` (its state follows the clock and a cancellation). */
export const useVisitorPass = (id: string, pollMs = 60_000) =>
  useQuery({ ...findVisitorPassQueryOptions(id), refetchInterval: pollMs });
