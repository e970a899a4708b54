import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { settingsKeys, type VisitorArea } from './types.ts';

export const findVisitorAreaResourcesAllDocument = /* GraphQL */ `
  query findVisitorAreaResourcesAll {
    findVisitorAreaResourcesAll {
      id
      resources_name
      resources_name_en
      campus_name
      building_name
    }
  }
`;

export const findVisitorAreaResourcesAllQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.areas(),
    queryFn: async () =>
      (
        await gql<{ findVisitorAreaResourcesAll: VisitorArea[] | null }>(
          'apps_yy_sys',
          findVisitorAreaResourcesAllDocument,
        )
      ).findVisitorAreaResourcesAll ?? [],
  });

/** Every area that may take visitors. */
export const useFindVisitorAreaResourcesAll = () => useQuery(findVisitorAreaResourcesAllQueryOptions());
