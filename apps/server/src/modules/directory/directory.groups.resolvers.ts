import { readSdl } from '../../platform/graphql/endpoint.ts';
// Foundation placeholder, replaced by the resolvers of this slice before it lands.
const building = () => {
  throw new Error('not built yet');
};

import type { GraphqlContribution } from '../../platform/graphql/types.ts';

/** Groups of users (iam). */
export const directoryGroupsGraphql: GraphqlContribution<'iam'> = {
  endpoint: 'iam',
  typeDefs: readSdl(import.meta.url, 'directory.groups.graphql'),
  resolvers: {
    Query: {
      queryMyGroup: building,
    },
    Mutation: {
      createGroup: building,
      updateGroup: building,
      deleteGroup: building,
    },
  },
};
