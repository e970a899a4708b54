import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { RESULT_FIELDS } from '../types.ts';

export const saveResourcesLikeDocument = /* GraphQL */ `
  mutation saveResourcesLike($resourcesId: String!) {
    saveResourcesLike(resourcesId: $resourcesId) { ${RESULT_FIELDS} }
  }
`;

/** Adds a resource to the user's favourites (already one: no change); `ids` holds the favourite's id. */
export async function saveResourcesLike(resourcesId: string): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ saveResourcesLike: OperationResult | null }>('apps_yy_sys', saveResourcesLikeDocument, {
        resourcesId,
      })
    ).saveResourcesLike,
  );
}
