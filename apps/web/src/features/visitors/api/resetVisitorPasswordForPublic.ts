import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import type { OperationResult } from '../types.ts';

export const resetVisitorPasswordForPublicDocument = /* GraphQL */ `
  mutation resetVisitorPasswordForPublic(
    $phone: String!
    $verification_code: String!
    $password: String!
    $tenantKey: String
  ) {
    resetVisitorPasswordForPublic(
      phone: $phone
      verification_code: $verification_code
      password: $password
      tenantKey: $tenantKey
    ) {
      errcode
      msg
      msg_en
    }
  }
`;

export interface ResetPasswordVariables {
  phone: string;
  verification_code: string;
  password: string;
  tenantKey: string;
}

/** Sets a registered visitor's new password, proved by a 'resetPassword' code; a refusal is thrown with its zh/en reason. */
export async function resetVisitorPasswordForPublic(v: ResetPasswordVariables): Promise<OperationResult> {
  const data = await gql<{ resetVisitorPasswordForPublic: OperationResult | null }>(
    'public',
    resetVisitorPasswordForPublicDocument,
    { ...v, tenantKey: v.tenantKey || null },
  );
  return assertOk(data.resetVisitorPasswordForPublic);
}

export const useResetVisitorPasswordForPublic = () => useMutation({ mutationFn: resetVisitorPasswordForPublic });
