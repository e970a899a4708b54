import { useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { findVisitorAppointmentDetailDocument } from '../../visitors/api/findVisitorAppointmentDetail.ts';
import type { Visit } from '../../visitors/types.ts';
import { adminVisitKeys } from './types.ts';

/** The detail document asking for the numbers whole (`whole: true`). */
export const findVisitorAppointmentDetailWholeDocument = findVisitorAppointmentDetailDocument
  .replace('query findVisitorAppointmentDetail($id: String!)', 'query findVisitorAppointmentDetailWhole($id: String!)')
  .replace('findVisitorAppointmentDetail(id: $id)', 'findVisitorAppointmentDetail(id: $id, whole: true)');

/**
 * One visit with its phone and the phone and ID card information values whole (visitor
 * administrators only; the server writes each such view to the operate log).
 */
export async function findVisitorAppointmentDetailWhole(id: string): Promise<Visit | null> {
  const data = await gql<{ findVisitorAppointmentDetail: Visit | null }>(
    'apps_yy_sys',
    findVisitorAppointmentDetailWholeDocument,
    { id },
  );
  return data.findVisitorAppointmentDetail;
}

/** Asked only when `enabled` (the administrator chose to see the numbers), never kept for later. */
export const useVisitDetailWhole = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...adminVisitKeys.all, 'whole', id],
    queryFn: () => findVisitorAppointmentDetailWhole(id),
    enabled: enabled && !!id,
    gcTime: 0,
    staleTime: 0,
  });
