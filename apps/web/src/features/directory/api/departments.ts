import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const departmentsDocument = /* GraphQL */ `
  query departments($filter: DepartmentFilter) {
    departments(filter: $filter) {
      id
      name
      code
      parent
      disabled
    }
  }
`;

export interface Department {
  id: string;
  name: string;
  code: string;
  /** The parent department's id; empty for a root. */
  parent: string;
  disabled: boolean;
}

export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: ['directory', 'departments'],
    queryFn: async () =>
      (await gql<{ departments: Department[] | null }>('iam', departmentsDocument, { filter: {} })).departments ?? [],
    staleTime: 60_000,
  });

/** The tenant's departments as a flat list, by order then name. */
export function useDepartments() {
  return useQuery(departmentsQueryOptions());
}
