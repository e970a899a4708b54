import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import type { OperationResult, RegistrationInput } from '../types.ts';

export const registerAccountForPublicDocument = /* GraphQL */ `
  mutation registerAccountForPublic($model: VisitorRegistrationInput!, $tenantKey: String) {
    registerAccountForPublic(model: $model, tenantKey: $tenantKey) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Registers a visitor of the tenant `tenantKey` names; a refusal is thrown with its zh/en reason. */
export async function registerAccountForPublic(v: {
  model: RegistrationInput;
  tenantKey: string;
}): Promise<OperationResult> {
  const data = await gql<{ registerAccountForPublic: OperationResult | null }>(
    'public',
    registerAccountForPublicDocument,
    { model: v.model, tenantKey: v.tenantKey || null },
  );
  return assertOk(data.registerAccountForPublic);
}

export const useRegisterAccountForPublic = () => useMutation({ mutationFn: registerAccountForPublic });
