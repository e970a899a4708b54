import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { VISIT_FIELDS } from '../../visitors/api/fields.ts';
import type { VisitConnection } from '../../visitors/types.ts';
import { adminVisitKeys, type AdminVisitFilters } from './types.ts';

export const findAdminVisitsDocument = /* GraphQL */ `
  query findVisitorAdminVisits(
    $first: Int
    $offset: Int
    $filter: VisitorAppointmentFilterMap
    $appointmentDate: [String]
  ) {
    findVisitorAppointmentInformationAll(
      first: $first
      offset: $offset
      filter: $filter
      appointmentDate: $appointmentDate
    ) {
      edges {
        node { ${VISIT_FIELDS} }
      }
      totalCount
    }
  }
`;

export interface AdminVisitVariables {
  first: number;
  offset: number;
  filter: Record<string, { eq?: string; like?: string }>;
  appointmentDate: string[] | null;
}

/** The server's variables of a search (a visitor type forced by the page, e.g. invitations '2'). */
export function adminVisitVariables(
  f: AdminVisitFilters,
  page: { current: number; pageSize: number },
  visitorType?: string,
): AdminVisitVariables {
  const filter: AdminVisitVariables['filter'] = {};
  if (f.area) filter.in_school_area = { eq: f.area };
  if (f.state) filter.state = { eq: f.state };
  const type = visitorType ?? f.visitorType;
  if (type) filter.visitor_type = { eq: type };
  if (f.host?.trim()) filter.host = { like: f.host.trim() };
  if (f.visitorName?.trim()) filter.visitor_name = { like: f.visitorName.trim() };
  return {
    first: page.pageSize,
    offset: (page.current - 1) * page.pageSize,
    filter,
    appointmentDate: f.dates ? [...f.dates] : null,
  };
}

/** Every visit the caller administers that the search matches, newest first (a visitor administrator sees all in scope). */
export async function findAdminVisits(v: AdminVisitVariables): Promise<VisitConnection> {
  const data = await gql<{ findVisitorAppointmentInformationAll: VisitConnection | null }>(
    'apps_yy_sys',
    findAdminVisitsDocument,
    { ...v },
  );
  return data.findVisitorAppointmentInformationAll ?? { edges: [], totalCount: 0 };
}

export const useAdminVisits = (v: AdminVisitVariables) =>
  useQuery({
    queryKey: adminVisitKeys.list({ ...v }),
    queryFn: () => findAdminVisits(v),
    placeholderData: keepPreviousData,
  });

/** Reads every page of a search (at most `max` visits), telling the progress. */
export async function findAllAdminVisits(
  v: Omit<AdminVisitVariables, 'first' | 'offset'>,
  progress: (read: number, total: number) => void,
  max = 5000,
) {
  const rows = [];
  let total = 0;
  for (let offset = 0; offset < max; offset += 200) {
    const page = await findAdminVisits({ ...v, first: 200, offset });
    total = page.totalCount ?? 0;
    rows.push(...page.edges.map((e) => e.node));
    progress(rows.length, total);
    if (rows.length >= total || page.edges.length === 0) break;
  }
  return { rows, total };
}
