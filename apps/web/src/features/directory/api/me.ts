import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const meDocument = /* GraphQL */ `
  query me {
    me {
      account
      accountFriendly
      active
      activeTime
      birthday
      cardNo
      cardType
      createDataSource
      createSource
      createTime
      dataSource
      description
      disabled
      email
      express
      id
      ip
      name
      openid
      phone
      sex
      source
      tags
      tenantId
      timestamp
      username
      managesResources
      attrsValues {
        code
        key
        value
      }
      positions {
        dept {
          id
          name
          code
          parent
          tags
          treeType
          tenantId
          timestamp
          disabled
          source
          description
        }
        post {
          id
          name
          code
          tags
          formal
          tenantId
          timestamp
          disabled
          source
          description
        }
      }
    }
  }
`;

export interface Me {
  id: string;
  account: string;
  name: string;
  username: string;
  email: string;
  phone: string;
  tenantId: string;
  /** Whether the user administers at least one resource (true for a tenant administrator). */
  managesResources?: boolean | null;
  positions: {
    dept: { id: string; name: string; code: string } | null;
    post: { id: string; name: string; code: string } | null;
  }[];
}

export const meQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['me', token],
    queryFn: async () => (await gql<{ me: Me }>('iam', meDocument)).me,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

export const useMe = (token: string | null) => useQuery(meQueryOptions(token));
