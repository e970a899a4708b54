import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { BallotDateInfo } from '../ballot.ts';
import { bookingKeys } from '../keys.ts';

export const findBallotDateInfoDocument = /* GraphQL */ `
  query findBallotDateInfo($resourcesId: ID, $date: Date) {
    findBallotDateInfo(resourcesId: $resourcesId, date: $date) {
      resources_id
      appointment_date
      release_mode
      window_minutes
      opens_at
      closes_at
      phase
      slots {
        slot
        entered
      }
      mine {
        slot
        appointment_id
        outcome
      }
    }
  }
`;

/** How a resource's date ("YYYY-MM-DD") is released: race or ballot, the window, its phase, the caller's entries. */
export async function findBallotDateInfo(resourcesId: string, date: string): Promise<BallotDateInfo | null> {
  const data = await gql<{ findBallotDateInfo: BallotDateInfo | null }>('apps_yy_sys', findBallotDateInfoDocument, {
    resourcesId,
    date,
  });
  return data.findBallotDateInfo;
}

/** While a window is open or the draw is due the phase moves by the clock: read again each half minute then. */
const MOVING: ReadonlySet<string> = new Set(['not_open', 'collecting', 'drawing']);

export const findBallotDateInfoQueryOptions = (resourcesId: string, date: string) =>
  queryOptions({
    queryKey: bookingKeys.ballotDate(resourcesId, date),
    queryFn: () => findBallotDateInfo(resourcesId, date),
    enabled: Boolean(resourcesId && date),
    refetchInterval: (query) =>
      query.state.data?.release_mode === 'ballot' && MOVING.has(query.state.data.phase) ? 30_000 : false,
  });

/**
 * The ballot side of a resource's date (null ids or dates: nothing asked), under `bookingKeys.all`
 * so a submit reloads it.
 */
export function useBallotDateInfo(resourcesId: string | null | undefined, date: string | null | undefined) {
  return useQuery(findBallotDateInfoQueryOptions(resourcesId ?? '', date ?? ''));
}
