import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { getItem, setItem } from '../../../lib/storage.ts';

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

/** Local-storage key of the user's menus (the routes they unlock), kept an hour (spec 3, client state). */
export const ROUTES_KEY = 'routes';

interface StoredRoutes {
  /** Whose menus these are: the token's subject. */
  subject: string;
  menus: MenuEntry[];
}

/**
 * The signed-in user's menus. The last answer is kept locally for an hour and shown at once on
 * the next page load of the same user while a fresh copy loads.
 */
export const canvasmenusQueryOptions = (token: string | null, subject: string | null) =>
  queryOptions({
    queryKey: ['canvasmenus', token],
    queryFn: async () => {
      const menus = (await gql<{ canvasmenus: MenuEntry[] }>('iam', canvasmenusDocument)).canvasmenus;
      if (subject) setItem<StoredRoutes>(ROUTES_KEY, { subject, menus });
      return menus;
    },
    placeholderData: () => {
      const stored = getItem<StoredRoutes>(ROUTES_KEY);
      return stored && subject && stored.subject === subject ? stored.menus : undefined;
    },
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

export const useCanvasmenus = (token: string | null, subject: string | null) =>
  useQuery(canvasmenusQueryOptions(token, subject));
