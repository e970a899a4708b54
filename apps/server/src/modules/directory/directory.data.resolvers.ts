import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import { updateUsersState } from './directory.data.service.ts';

/** Directory data in bulk (iam): several users enabled or disabled at once. */
export const directoryDataGraphql: GraphqlContribution<'iam'> = {
  endpoint: 'iam',
  typeDefs: readSdl(import.meta.url, 'directory.data.graphql'),
  resolvers: {
    Mutation: {
      updateUsersState: async (_, args, { ctx }) => ok({ ids: await updateUsersState(ctx, args) }),
    },
  },
};
