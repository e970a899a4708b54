import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../lib/graphql.ts';
import type { OperationResult } from '../../lib/operation-result.ts';
import { assertOk } from '../notices/api/result.ts';

/** The back office's directory administration: departments, posts, users (iam). */

export interface AdminDepartment {
  id: string;
  name: string;
  code: string;
  parent: string;
  disabled: boolean;
  order: number;
  description: string;
}

export interface AdminPost {
  id: string;
  name: string;
  code: string;
  formal: boolean;
  disabled: boolean;
  description: string;
}

export interface AdminPosition {
  active: boolean;
  dept: { id: string; name: string; code: string } | null;
  post: { id: string; name: string; code: string } | null;
}

export interface AdminUser {
  id: string;
  account: string;
  name: string;
  phone: string;
  email: string;
  sex: string;
  role: string;
  disabled: boolean;
  activeTime: string | null;
  positions: AdminPosition[];
}

const KEY = ['directory-admin'] as const;

const departmentsDocument = /* GraphQL */ `
  query adminDepartments {
    departments(filter: {}) {
      id
      name
      code
      parent
      disabled
      order
      description
    }
  }
`;

export function useAdminDepartments() {
  return useQuery({
    queryKey: [...KEY, 'departments'],
    queryFn: async () =>
      (await gql<{ departments: AdminDepartment[] | null }>('iam', departmentsDocument, {})).departments ?? [],
  });
}

const postsDocument = /* GraphQL */ `
  query adminPosts {
    posts(filter: {}) {
      id
      name
      code
      formal
      disabled
      description
    }
  }
`;

export function useAdminPosts() {
  return useQuery({
    queryKey: [...KEY, 'posts'],
    queryFn: async () => (await gql<{ posts: AdminPost[] | null }>('iam', postsDocument, {})).posts ?? [],
  });
}

const usersDocument = /* GraphQL */ `
  query adminUsers($filter: UserFilter, $first: Int, $offset: Int) {
    users(filter: $filter, first: $first, offset: $offset) {
      totalCount
      edges {
        node {
          id
          account
          name
          phone
          email
          sex
          role
          disabled
          activeTime
          positions {
            active
            dept {
              id
              name
              code
            }
            post {
              id
              name
              code
            }
          }
        }
      }
    }
  }
`;

/** What the users list asks: a keyword (account or name), a department (id), a page. */
export interface UsersQuery {
  account?: string;
  name?: string;
  dept?: string;
  page: number;
  pageSize: number;
}

/** The users filter of a query: visitors never (they are the visitor back office's). */
export function usersFilterOf(q: Omit<UsersQuery, 'page' | 'pageSize'>) {
  return {
    role: { ne: 'visitor' },
    ...(q.account ? { account: { like: q.account } } : {}),
    ...(q.name ? { name: { like: q.name } } : {}),
    ...(q.dept ? { dept: { eq: q.dept } } : {}),
  };
}

export function useAdminUsers(q: UsersQuery) {
  return useQuery({
    queryKey: [...KEY, 'users', q],
    queryFn: async () => {
      const data = await gql<{ users: { totalCount: number; edges: { node: AdminUser }[] } | null }>(
        'iam',
        usersDocument,
        { filter: usersFilterOf(q), first: q.pageSize, offset: (q.page - 1) * q.pageSize },
      );
      return { rows: data.users?.edges.map((e) => e.node) ?? [], total: data.users?.totalCount ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** A mutation of the directory that reloads every directory list on success. */
function useDirectoryMutation<A>(run: (args: A) => Promise<OperationResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      await queryClient.invalidateQueries({ queryKey: ['directory'] });
    },
  });
}

const op = (name: string, signature: string, call: string) => /* GraphQL */ `
  mutation ${name}(${signature}) {
    ${name}(${call}) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

async function mutate(name: string, document: string, variables: Record<string, unknown>) {
  const data = await gql<Record<string, OperationResult>>('iam', document, variables);
  return assertOk(data[name]);
}

export interface DepartmentInput {
  id?: string;
  name?: string;
  code?: string;
  parent?: string;
  order?: number;
  disabled?: boolean;
  description?: string;
}

export const useEditDepartment = () =>
  useDirectoryMutation((model: DepartmentInput) =>
    mutate('editDepartment', op('editDepartment', '$model: InputDepartment!', 'model: $model'), { model }),
  );

export const useDeleteDepartment = () =>
  useDirectoryMutation((id: string) =>
    mutate('deleteDepartment', op('deleteDepartment', '$id: ID!', 'id: $id').replace('ids\n', ''), { id }),
  );

export interface PostInput {
  id?: string;
  name?: string;
  code?: string;
  formal?: boolean;
  disabled?: boolean;
  description?: string;
}

export const useEditPost = () =>
  useDirectoryMutation((model: PostInput) =>
    mutate('editPost', op('editPost', '$model: InputPost!', 'model: $model'), { model }),
  );

export const useDeletePost = () =>
  useDirectoryMutation((id: string) =>
    mutate('deletePost', op('deletePost', '$id: ID!', 'id: $id').replace('ids\n', ''), { id }),
  );

export interface UserInput {
  id?: string;
  account?: string;
  name?: string;
  phone?: string;
  email?: string;
  sex?: string;
  role?: string;
  disabled?: boolean;
  password?: string;
  positions?: { dept?: string; post?: string; active?: boolean }[];
}

/** Creates (no id, `saveUser`) or updates (`updateUser`) a user. */
export const useSaveUser = () =>
  useDirectoryMutation((model: UserInput) =>
    model.id
      ? mutate('updateUser', op('updateUser', '$model: InputUser!', 'model: $model'), { model })
      : mutate('saveUser', op('saveUser', '$model: InputUser!', 'model: $model'), { model }),
  );

export const useDeleteUser = () =>
  useDirectoryMutation((id: string) =>
    mutate('deleteUser', op('deleteUser', '$id: ID!', 'id: $id').replace('ids\n', ''), { id }),
  );

/** `updateUsersState`: several users disabled or enabled at once. */
export const useUpdateUsersState = () =>
  useDirectoryMutation((args: { ids: string[]; disabled: boolean }) =>
    mutate(
      'updateUsersState',
      op('updateUsersState', '$ids: [ID!]!, $disabled: Boolean!', 'ids: $ids, disabled: $disabled'),
      args,
    ),
  );

/** Invalidates the directory's lists (after an import). */
export function useReloadDirectory() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: KEY }),
      queryClient.invalidateQueries({ queryKey: ['directory'] }),
    ]);
}
