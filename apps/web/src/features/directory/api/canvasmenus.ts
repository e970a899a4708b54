import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const canvasmenusDocument = /* GraphQL */ `
  query canvasmenus {
    canvasmenus {
      deleted
      description
      icon
      id
      name
      parent
      target
      text
      uri
      visible
    }
  }
`;

export interface MenuEntry {
  id: string;
  name: string;
  text: string;
  uri: string;
  icon: string;
  parent: string;
  target: string;
  description: string;
  visible: boolean;
  deleted: boolean;
}

export const canvasmenusQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['canvasmenus', token],
    queryFn: async () => (await gql<{ canvasmenus: MenuEntry[] }>('iam', canvasmenusDocument)).canvasmenus,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

export const useCanvasmenus = (token: string | null) => useQuery(canvasmenusQueryOptions(token));
