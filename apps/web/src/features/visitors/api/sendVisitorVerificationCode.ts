import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import type { OperationResult } from '../types.ts';

export const sendVisitorVerificationCodeDocument = /* GraphQL */ `
  mutation sendVisitorVerificationCode($phone: String!, $purpose: String, $tenantKey: String) {
    sendVisitorVerificationCode(phone: $phone, purpose: $purpose, tenantKey: $tenantKey) {
      errcode
      msg
      msg_en
    }
  }
`;

export interface SendCodeVariables {
  phone: string;
  tenantKey: string;
  purpose?: 'register' | 'resetPassword';
}

/** Sends a one-time code to a phone; a refusal (too soon, too many) is thrown with its zh/en reason. */
export async function sendVisitorVerificationCode(v: SendCodeVariables): Promise<OperationResult> {
  const data = await gql<{ sendVisitorVerificationCode: OperationResult | null }>(
    'public',
    sendVisitorVerificationCodeDocument,
    { phone: v.phone, purpose: v.purpose ?? 'register', tenantKey: v.tenantKey || null },
  );
  return assertOk(data.sendVisitorVerificationCode);
}

export const useSendVisitorVerificationCode = () => useMutation({ mutationFn: sendVisitorVerificationCode });
