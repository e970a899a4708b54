import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../lib/graphql.ts';
import type { OperationResult } from '../../lib/operation-result.ts';
import { GRANT_FIELDS, grantsKeys, RESULT_FIELDS, type Grant, type GrantInput } from './types.ts';

/** After a change, every grants query (lists, counts, triples) reloads. */
function useChange<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: grantsKeys.all }),
  });
}

export const grantPermissionDocument = /* GraphQL */ `
  mutation grantPermission($type: String!, $target: ID!, $permission: String!, $filter: String) {
    grantPermission(type: $type, target: $target, permission: $permission, filter: $filter) { ${GRANT_FIELDS} }
  }
`;

/** Grants a role to one subject (a refusal comes as a RequestError with the server's texts). */
export const useGrantPermission = () =>
  useChange(
    async (v: GrantInput) =>
      (await gql<{ grantPermission: Grant | null }>('iam', grantPermissionDocument, { ...v })).grantPermission,
  );

export const grantPermissionsDocument = /* GraphQL */ `
  mutation grantPermissions($models: [InputGrant!]!) {
    grantPermissions(models: $models) { ${RESULT_FIELDS} }
  }
`;

/** Grants several at once, all or none. */
export const useGrantPermissions = () =>
  useChange(
    async (models: GrantInput[]) =>
      (await gql<{ grantPermissions: OperationResult }>('iam', grantPermissionsDocument, { models })).grantPermissions,
  );

export const revokePermissionsDocument = /* GraphQL */ `
  mutation revokePermissions($revokeIds: [ID!]!) {
    revokePermissions(revokeIds: $revokeIds) { ${RESULT_FIELDS} }
  }
`;

/** Revokes several grants at once (one or many), all or none. */
export const useRevokePermissions = () =>
  useChange(
    async (revokeIds: string[]) =>
      (await gql<{ revokePermissions: OperationResult }>('iam', revokePermissionsDocument, { revokeIds }))
        .revokePermissions,
  );

export const addTripleDocument = /* GraphQL */ `
  mutation addTriple($model: InputTriple!) {
    addTriple(model: $model) { ${RESULT_FIELDS} }
  }
`;

/** Adds a department/post combination; its id in `ids`. */
export const useAddTriple = () =>
  useChange(
    async (model: { dept?: string; post?: string; user?: string; code?: string }) =>
      (await gql<{ addTriple: OperationResult }>('iam', addTripleDocument, { model })).addTriple,
  );

export const deleteTripleDocument = /* GraphQL */ `
  mutation deleteTriple($id: ID!) {
    deleteTriple(id: $id) { ${RESULT_FIELDS} }
  }
`;

/** Deletes a combination and the grants made to it. */
export const useDeleteTriple = () =>
  useChange(
    async (id: string) =>
      (await gql<{ deleteTriple: OperationResult }>('iam', deleteTripleDocument, { id })).deleteTriple,
  );
