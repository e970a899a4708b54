import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../lib/graphql.ts';
import {
  GRANT_FIELDS,
  grantsKeys,
  TRIPLE_FIELDS,
  type AppRoleEntry,
  type Connection,
  type Flow,
  type Grant,
  type PermissionFilter,
  type StringFilter,
  type Triple,
} from './types.ts';

export const flowsDocument = /* GraphQL */ `
  query flows {
    flows {
      id
      name
      code
      tags
      visible
      ready
    }
  }
`;

/** The applications of this deployment (the application centre's cards). */
export function useFlows() {
  return useQuery(
    queryOptions({
      queryKey: grantsKeys.flows(),
      queryFn: async () => (await gql<{ flows: Flow[] | null }>('iam', flowsDocument)).flows ?? [],
      staleTime: 60_000,
    }),
  );
}

export const appRolesDocument = /* GraphQL */ `
  query appRoles($app: String) {
    appRoles(app: $app) {
      code
      app
      name
      nameEn
      description
      descriptionEn
      scope
      staff
    }
  }
`;

/** The roles the applications offer (`app` narrows to one application; null: all). */
export function useAppRoles(app: string | null) {
  return useQuery(
    queryOptions({
      queryKey: grantsKeys.roles(app),
      queryFn: async () =>
        (await gql<{ appRoles: AppRoleEntry[] | null }>('iam', appRolesDocument, app ? { app } : {})).appRoles ?? [],
      staleTime: 60_000,
    }),
  );
}

export const permissionsDocument = /* GraphQL */ `
  query permissions($first: Int, $offset: Int, $filter: PermissionFilter) {
    permissions(first: $first, offset: $offset, filter: $filter) {
      edges { node { ${GRANT_FIELDS} } }
      totalCount
    }
  }
`;

export interface PermissionsVariables {
  first: number;
  offset: number;
  filter: PermissionFilter;
}

const emptyPage = <T>(): Connection<T> => ({ edges: [], totalCount: 0 });

export async function findPermissions(variables: PermissionsVariables): Promise<Connection<Grant>> {
  const data = await gql<{ permissions: Connection<Grant> | null }>('iam', permissionsDocument, { ...variables });
  return data.permissions ?? emptyPage();
}

/** A page of grants, newest first. */
export function usePermissions(variables: PermissionsVariables, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: grantsKeys.list(variables),
      queryFn: () => findPermissions(variables),
      placeholderData: keepPreviousData,
      enabled,
      retry: false,
    }),
  );
}

/**
 * How many grants each role has, in one request: one aliased `permissions` per role (its
 * `totalCount`). Role codes are letters only (APP_ROLES), so they make safe aliases.
 */
export function grantCountsDocument(roles: readonly string[]): string {
  const vars = roles.map((_, i) => `$f${i}: PermissionFilter`).join(', ');
  const fields = roles.map((_, i) => `r${i}: permissions(first: 1, offset: 0, filter: $f${i}) { totalCount }`);
  return `query permissionCounts(${vars}) {\n  ${fields.join('\n  ')}\n}`;
}

export async function findGrantCounts(roles: readonly string[]): Promise<Record<string, number>> {
  if (!roles.length) return {};
  const variables = Object.fromEntries(roles.map((code, i) => [`f${i}`, { permission: { eq: code } }]));
  const data = await gql<Record<string, { totalCount: number } | null>>('iam', grantCountsDocument(roles), variables);
  return Object.fromEntries(roles.map((code, i) => [code, data[`r${i}`]?.totalCount ?? 0]));
}

/** Role code -> number of grants (the application centre's cards). */
export function useGrantCounts(roles: readonly string[]) {
  return useQuery(
    queryOptions({
      queryKey: grantsKeys.counts(roles),
      queryFn: () => findGrantCounts(roles),
      enabled: roles.length > 0,
    }),
  );
}

export const triplesDocument = /* GraphQL */ `
  query triples($first: Int, $offset: Int, $filter: TripleFilter) {
    triples(first: $first, offset: $offset, filter: $filter) {
      edges { node { ${TRIPLE_FIELDS} } }
      totalCount
    }
  }
`;

export interface TriplesVariables {
  first: number;
  offset: number;
  filter: { dept?: StringFilter; post?: StringFilter; user?: StringFilter; code?: StringFilter };
}

/** A page of triples (department/post combinations when filtered by department). */
export function useTriples(variables: TriplesVariables, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: grantsKeys.triples(variables),
      queryFn: async () =>
        (await gql<{ triples: Connection<Triple> | null }>('iam', triplesDocument, { ...variables })).triples ??
        emptyPage<Triple>(),
      placeholderData: keepPreviousData,
      enabled,
      retry: false,
    }),
  );
}
