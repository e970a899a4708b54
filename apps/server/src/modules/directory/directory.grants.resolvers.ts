import { readSdl } from '../../platform/graphql/endpoint.ts';
// Foundation placeholder, replaced by the resolvers of this slice before it lands.
const building = () => {
  throw new Error('not built yet');
};

import type { GraphqlContribution } from '../../platform/graphql/types.ts';

/** Triples, permission grants, applications and their roles, a user's accesses (iam). */
export const directoryGrantsGraphql: GraphqlContribution<'iam'> = {
  endpoint: 'iam',
  typeDefs: readSdl(import.meta.url, 'directory.grants.graphql'),
  resolvers: {
    Query: {
      triples: building,
      permissions: building,
      flows: building,
      appRoles: building,
      accesses: building,
    },
    Mutation: {
      addTriple: building,
      deleteTriple: building,
      grantPermission: building,
      grantPermissions: building,
      revokePermission: building,
      revokePermissions: building,
    },
  },
};
