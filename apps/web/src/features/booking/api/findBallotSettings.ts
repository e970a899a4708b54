import { useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { bookingKeys } from '../keys.ts';

export const findBallotReleaseDocument = /* GraphQL */ `
  query findBallotSettings($resourcesIds: [ID]) {
    findBallotSettings(resourcesIds: $resourcesIds) {
      target_kind
      target_id
      release_mode
      window_minutes
    }
  }
`;

interface Release {
  target_kind: string;
  target_id: string;
  release_mode: string;
  window_minutes: number;
}

/**
 * Which of some resources release their dates by ballot (the settings in force: their own, else
 * their type's; docs/GLOSSARY.md "Ballot"), with the collection window's minutes, by resource id.
 * One query for all; resources the caller may not see are left out by the server.
 */
export async function findBallotReleases(resourceIds: readonly string[]): Promise<Map<string, number>> {
  const data = await gql<{ findBallotSettings: Release[] | null }>('apps_yy_sys', findBallotReleaseDocument, {
    resourcesIds: resourceIds,
  });
  return new Map(
    (data.findBallotSettings ?? [])
      .filter((s) => s.target_kind === 'resource' && s.release_mode === 'ballot')
      .map((s) => [s.target_id, s.window_minutes]),
  );
}

/** The resources among these released by ballot (nothing asked for none); a failure marks none. */
export function useBallotReleases(resourceIds: readonly string[]) {
  return useQuery({
    queryKey: bookingKeys.ballotReleases(resourceIds),
    queryFn: () => findBallotReleases(resourceIds),
    enabled: resourceIds.length > 0,
    staleTime: 60_000,
  });
}
