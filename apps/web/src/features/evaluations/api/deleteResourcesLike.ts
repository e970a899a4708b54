import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { RESULT_FIELDS } from '../types.ts';

export const deleteResourcesLikeDocument = /* GraphQL */ `
  mutation deleteResourcesLike($resourcesId: String!) {
    deleteResourcesLike(resourcesId: $resourcesId) { ${RESULT_FIELDS} }
  }
`;

/** Removes a resource from the user's favourites (not one: no change). */
export async function deleteResourcesLike(resourcesId: string): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ deleteResourcesLike: OperationResult | null }>('apps_yy_sys', deleteResourcesLikeDocument, {
        resourcesId,
      })
    ).deleteResourcesLike,
  );
}
