import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const saveLocationDocument = /* GraphQL */ `
  mutation saveLocation($model: InputLocation) {
    saveLocation(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export interface LocationModel {
  code_item_id: string;
  latitude: number;
  longitude: number;
  address?: string;
  address_en?: string;
}

export async function saveLocation(model: LocationModel): Promise<OperationResult> {
  return (await gql<{ saveLocation: OperationResult }>('apps_yy_sys', saveLocationDocument, { model })).saveLocation;
}

/** Creates or replaces an item's location; location lists reload. */
export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['findLocationsAll'] }),
  });
}
