import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { visitorKeys, type Visit } from '../types.ts';
import { VISIT_FIELDS } from './fields.ts';

export const findVisitorAppointmentDetailDocument = /* GraphQL */ `
  query findVisitorAppointmentDetail($id: String!) {
    findVisitorAppointmentDetail(id: $id) {
      ${VISIT_FIELDS}
      infoList {
        field_name
        field_label
        field_label_en
        value
      }
      auditList {
        id
        step
        result
        reason
        operator_name
        create_time
      }
    }
  }
`;

/** One visit with its approval trail. */
export async function findVisitorAppointmentDetail(id: string): Promise<Visit | null> {
  const data = await gql<{ findVisitorAppointmentDetail: Visit | null }>(
    'apps_yy_sys',
    findVisitorAppointmentDetailDocument,
    { id },
  );
  return data.findVisitorAppointmentDetail;
}

export const findVisitorAppointmentDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: visitorKeys.visit(id), queryFn: () => findVisitorAppointmentDetail(id), enabled: !!id });

export const useVisitDetail = (id: string) => useQuery(findVisitorAppointmentDetailQueryOptions(id));
