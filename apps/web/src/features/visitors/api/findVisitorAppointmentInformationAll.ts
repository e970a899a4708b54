import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { visitorKeys, type VisitConnection } from '../types.ts';
import { VISIT_FIELDS } from './fields.ts';

export const findVisitorAppointmentInformationAllDocument = /* GraphQL */ `
  query findVisitorAppointmentInformationAll(
    $first: Int
    $offset: Int
    $only_flow: String
    $updateAppointmentState: String
    $filter: VisitorAppointmentFilterMap
  ) {
    findVisitorAppointmentInformationAll(
      first: $first
      offset: $offset
      only_flow: $only_flow
      updateAppointmentState: $updateAppointmentState
      filter: $filter
    ) {
      edges {
        node { ${VISIT_FIELDS} }
      }
      totalCount
    }
  }
`;

/** Which visits: current ('0') or history ('1'), or those awaiting the caller's approval (onlyFlow). */
export interface VisitListVariables {
  first: number;
  offset: number;
  updateAppointmentState?: '0' | '1';
  only_flow?: '1';
  /** Columns narrowed (each `{ eq }`): visitor type, visit date. */
  filter?: { visitor_type?: { eq: string }; in_school_date?: { eq: string }; booking_id?: { eq: string } };
}

/** The visits the caller may see, newest first. */
export async function findVisitorAppointmentInformationAll(v: VisitListVariables): Promise<VisitConnection> {
  const data = await gql<{ findVisitorAppointmentInformationAll: VisitConnection | null }>(
    'apps_yy_sys',
    findVisitorAppointmentInformationAllDocument,
    { ...v },
  );
  return data.findVisitorAppointmentInformationAll ?? { edges: [], totalCount: 0 };
}

export const findVisitorAppointmentInformationAllQueryOptions = (v: VisitListVariables) =>
  queryOptions({
    queryKey: visitorKeys.visits({ ...v }),
    queryFn: () => findVisitorAppointmentInformationAll(v),
  });

export const useVisits = (v: VisitListVariables) => useQuery(findVisitorAppointmentInformationAllQueryOptions(v));
