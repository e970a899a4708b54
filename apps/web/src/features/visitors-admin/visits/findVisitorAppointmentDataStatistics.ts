import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { adminVisitKeys, type StatisticsCategory, type VisitorStatistics } from './types.ts';

export const findVisitorAppointmentDataStatisticsDocument = /* GraphQL */ `
  query findVisitorAppointmentDataStatistics(
    $category: String!
    $timeStr: String
    $week: String
    $month: String
    $year: String
    $resourcesIds: String
  ) {
    findVisitorAppointmentDataStatistics(
      category: $category
      timeStr: $timeStr
      week: $week
      month: $month
      year: $year
      resourcesIds: $resourcesIds
    ) {
      category
      from
      to
      total_visits
      total_approved
      total_entries
      peak_hour
      periods {
        period
        visits
        approved
        rejected
        cancelled
        pending
        entries
      }
      areas {
        resources_id
        resources_name
        resources_name_en
        visits
        entries
      }
      types {
        visitor_type
        name
        name_en
        visits
      }
      hours {
        hour
        entries
      }
    }
  }
`;

export interface StatisticsVariables {
  category: StatisticsCategory;
  timeStr: string | null;
  week: string | null;
  month: string | null;
  year: string | null;
  resourcesIds: string | null;
}

/** The statistics of a day "YYYY-MM-DD", an ISO week (any of its days), a month "YYYY-MM" or a year "YYYY". */
export function statisticsVariables(category: StatisticsCategory, day: string, areas: string[]): StatisticsVariables {
  return {
    category,
    timeStr: category === 'day' ? day : null,
    week: category === 'week' ? day : null,
    month: category === 'month' ? day.slice(0, 7) : null,
    year: category === 'year' ? day.slice(0, 4) : null,
    resourcesIds: areas.length ? areas.join(',') : null,
  };
}

export async function findVisitorAppointmentDataStatistics(v: StatisticsVariables): Promise<VisitorStatistics | null> {
  const data = await gql<{ findVisitorAppointmentDataStatistics: VisitorStatistics | null }>(
    'apps_yy_sys',
    findVisitorAppointmentDataStatisticsDocument,
    { ...v },
  );
  return data.findVisitorAppointmentDataStatistics;
}

export const useVisitorStatistics = (v: StatisticsVariables) =>
  useQuery({
    queryKey: adminVisitKeys.statistics({ ...v }),
    queryFn: () => findVisitorAppointmentDataStatistics(v),
    placeholderData: keepPreviousData,
  });
