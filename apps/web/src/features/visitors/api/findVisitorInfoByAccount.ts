import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { visitorKeys, type VisitorProfile } from '../types.ts';

export const findVisitorInfoByAccountDocument = /* GraphQL */ `
  query findVisitorInfoByAccount {
    findVisitorInfoByAccount {
      id
      visitor_name
      phone
      unit
      is_car
      car_product
      car_card_number
      info_complete
      infoList {
        field_name
        field_label
        field_label_en
        value
      }
    }
  }
`;

/** The signed-in visitor's own registration (phone masked). */
export async function findVisitorInfoByAccount(): Promise<VisitorProfile | null> {
  const data = await gql<{ findVisitorInfoByAccount: VisitorProfile | null }>(
    'apps_yy_sys',
    findVisitorInfoByAccountDocument,
  );
  return data.findVisitorInfoByAccount;
}

export const findVisitorInfoByAccountQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: visitorKeys.profile(), queryFn: findVisitorInfoByAccount, enabled });

/** The visitor's own registration; `enabled` false for a host (who has none). */
export const useVisitorProfile = (enabled = true) => useQuery(findVisitorInfoByAccountQueryOptions(enabled));
