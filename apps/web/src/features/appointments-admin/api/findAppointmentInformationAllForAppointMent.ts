import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { AdminBookingVariables } from '../listVariables.ts';
import { ADMIN_APPOINTMENT_FIELDS, adminAppointmentKeys, type AdminAppointment, type Connection } from '../types.ts';

export const findAppointmentInformationAllForAppointMentDocument = /* GraphQL */ `
  query findAppointmentInformationAllForAppointMent(
    $first: Int
    $offset: Int
    $filter: AppointmentInformationFilterMap
    $appointmentDate: [String]
    $only_flow: String
  ) {
    findAppointmentInformationAllForAppointMent(
      first: $first
      offset: $offset
      filter: $filter
      appointmentDate: $appointmentDate
      only_flow: $only_flow
    ) {
      edges { node { ${ADMIN_APPOINTMENT_FIELDS} } cursor }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

const EMPTY: Connection<AdminAppointment> = {
  edges: [],
  pageInfo: { hasNextPage: false, endCursor: null },
  totalCount: 0,
};

/** A page of the tenant's bookings (administrators), latest first. */
export async function findAppointmentInformationAllForAppointMent(
  variables: AdminBookingVariables,
): Promise<Connection<AdminAppointment>> {
  const data = await gql<{ findAppointmentInformationAllForAppointMent: Connection<AdminAppointment> | null }>(
    'apps_yy_sys',
    findAppointmentInformationAllForAppointMentDocument,
    { ...variables },
  );
  return data.findAppointmentInformationAllForAppointMent ?? EMPTY;
}

export const adminAppointmentsQueryOptions = (variables: AdminBookingVariables) =>
  queryOptions({
    queryKey: adminAppointmentKeys.list(variables),
    queryFn: () => findAppointmentInformationAllForAppointMent(variables),
    placeholderData: keepPreviousData,
  });

/** A page of the bookings list. */
export function useAdminAppointments(variables: AdminBookingVariables) {
  return useQuery(adminAppointmentsQueryOptions(variables));
}

/** One booking by id (null when unknown or deleted). */
export async function findAdminAppointment(id: string): Promise<AdminAppointment | null> {
  const page = await findAppointmentInformationAllForAppointMent({
    first: 1,
    offset: 0,
    filter: { id: { eq: id } },
    appointmentDate: [],
    only_flow: '',
  });
  return page.edges[0]?.node ?? null;
}

export function useAdminAppointment(id: string | null | undefined) {
  return useQuery({
    queryKey: adminAppointmentKeys.one(id ?? ''),
    queryFn: () => findAdminAppointment(id!),
    enabled: Boolean(id),
  });
}

/** The server's largest page. */
export const PAGE_MAX = 200;
/** Most rows one export reads (50 pages). */
export const EXPORT_MAX = 10_000;

/**
 * Every booking matching the list's filter (paging and all, up to `EXPORT_MAX`), for the Excel
 * export. `onProgress(read, total)` after each page.
 */
export async function findAllAdminAppointments(
  variables: Omit<AdminBookingVariables, 'first' | 'offset'>,
  onProgress?: (read: number, total: number) => void,
): Promise<{ rows: AdminAppointment[]; total: number }> {
  const rows: AdminAppointment[] = [];
  let total = 0;
  for (let offset = 0; offset < EXPORT_MAX; offset += PAGE_MAX) {
    const page = await findAppointmentInformationAllForAppointMent({ ...variables, first: PAGE_MAX, offset });
    total = page.totalCount;
    rows.push(...page.edges.map((e) => e.node));
    onProgress?.(rows.length, Math.min(total, EXPORT_MAX));
    if (page.edges.length < PAGE_MAX || rows.length >= total) break;
  }
  return { rows, total };
}
