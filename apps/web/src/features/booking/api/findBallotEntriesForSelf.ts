import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { BallotEntryForSelf } from '../ballot.ts';
import { bookingKeys } from '../keys.ts';

export const findBallotEntriesForSelfDocument = /* GraphQL */ `
  query findBallotEntriesForSelf($appointmentIds: [ID]) {
    findBallotEntriesForSelf(appointmentIds: $appointmentIds) {
      appointment_id
      slot
      outcome
      refusal
      closes_at
      drawn_at
      entered
      position
    }
  }
`;

/** The ballot side of some of the caller's bookings; bookings that never were in a ballot are left out. */
export async function findBallotEntriesForSelf(appointmentIds: readonly string[]): Promise<BallotEntryForSelf[]> {
  const data = await gql<{ findBallotEntriesForSelf: BallotEntryForSelf[] | null }>(
    'apps_yy_sys',
    findBallotEntriesForSelfDocument,
    { appointmentIds },
  );
  return data.findBallotEntriesForSelf ?? [];
}

export const findBallotEntriesForSelfQueryOptions = (appointmentIds: readonly string[]) =>
  queryOptions({
    queryKey: bookingKeys.ballotEntries(appointmentIds),
    queryFn: () => findBallotEntriesForSelf(appointmentIds),
    enabled: appointmentIds.length > 0,
  });

/** The ballot entries of some bookings, by booking id; nothing is asked for an empty list. */
export function useBallotEntriesForSelf(appointmentIds: readonly string[]) {
  return useQuery({
    ...findBallotEntriesForSelfQueryOptions(appointmentIds),
    select: (list) => new Map(list.map((e) => [e.appointment_id, e])),
  });
}
