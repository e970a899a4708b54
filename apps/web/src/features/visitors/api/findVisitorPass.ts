import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql, RequestError } from '../../../lib/graphql.ts';
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

/**
 * The pass, read again every `pollMs` (its state follows the clock and a cancellation), unless the
 * server said QR passes are off. `enabled` false: not asked.
 */
export const useVisitorPass = (id: string, pollMs = 60_000, enabled = true) =>
  useQuery({
    ...findVisitorPassQueryOptions(id),
    enabled: enabled && !!id,
    refetchInterval: (query) => (isQrDisabled(query.state.error) ? false : pollMs),
  });

/** Whether a failure is the server's "QR passes are not enabled here" (overall settings). */
export const isQrDisabled = (error: unknown): boolean =>
  error instanceof RequestError && error.code === 'VISITOR_PASS_QR_DISABLED';
