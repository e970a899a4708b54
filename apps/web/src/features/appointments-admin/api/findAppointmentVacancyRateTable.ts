import { useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { adminAppointmentKeys, type VacancyRate } from '../types.ts';

export const findAppointmentVacancyRateTableDocument = /* GraphQL */ `
  query findAppointmentVacancyRateTable($startDate: String!, $endDate: String!) {
    findAppointmentVacancyRateTable(startDate: $startDate, endDate: $endDate) {
      id
      resources_name
      resources_name_en
      rate
      capacity
      booked
    }
  }
`;

/** Vacancy of each enabled fixed-slot resource between two dates ("YYYY-MM-DD", at most 366 days). */
export async function findAppointmentVacancyRateTable(startDate: string, endDate: string): Promise<VacancyRate[]> {
  const data = await gql<{ findAppointmentVacancyRateTable: VacancyRate[] | null }>(
    'apps_yy_sys',
    findAppointmentVacancyRateTableDocument,
    { startDate, endDate },
  );
  return data.findAppointmentVacancyRateTable ?? [];
}

export function useAppointmentVacancyRateTable(range: { startDate: string; endDate: string } | null) {
  return useQuery({
    queryKey: adminAppointmentKeys.vacancy(range?.startDate ?? '', range?.endDate ?? ''),
    queryFn: () => findAppointmentVacancyRateTable(range!.startDate, range!.endDate),
    enabled: range !== null,
  });
}
