import { useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const findManageHomeOverviewDocument = /* GraphQL */ `
  query findManageHomeOverview {
    findManageHomeOverview {
      date
      now
      scope
      notices_running
      bookings {
        today
        pending
        performed
        no_show
        in_use_now
        in_use_bookings
        trend {
          date
          total
        }
      }
      visitors {
        expected_today
        on_campus
      }
    }
  }
`;

/** Today's booking figures of the caller's resources (see manage-home.graphql). */
export interface HomeBookings {
  today: number;
  pending: number;
  performed: number;
  no_show: number;
  in_use_now: number;
  in_use_bookings: number;
  trend: { date: string; total: number }[];
}

/** The back office's home: a part is null when the caller has no right to it. */
export interface ManageHomeOverview {
  /** Today, "YYYY-MM-DD" in the tenant's time zone. */
  date: string;
  now: string;
  scope: 'tenant' | 'scoped';
  notices_running: number | null;
  bookings: HomeBookings | null;
  visitors: { expected_today: number; on_campus: number } | null;
}

export const manageHomeKeys = { overview: ['manage-home', 'overview'] as const };

export async function findManageHomeOverview(): Promise<ManageHomeOverview> {
  const data = await gql<{ findManageHomeOverview: ManageHomeOverview | null }>(
    'apps_yy_sys',
    findManageHomeOverviewDocument,
  );
  if (!data.findManageHomeOverview) throw new Error('findManageHomeOverview: no data');
  return data.findManageHomeOverview;
}

/** The home's figures: one request, asked again each minute while the page is open. */
export function useManageHomeOverview() {
  return useQuery({
    queryKey: manageHomeKeys.overview,
    queryFn: findManageHomeOverview,
    refetchInterval: 60_000,
  });
}
