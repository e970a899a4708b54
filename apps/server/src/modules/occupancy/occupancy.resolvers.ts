import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as occupancy from './occupancy.service.ts';

export const occupancyGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'occupancy.graphql'),
  resolvers: {
    Query: {
      findResourcesOccupyAll: async (_, args, { ctx }) => {
        const { nodes, total, offset } = await occupancy.listOccupancyPage(ctx, args);
        return connection(nodes, total, offset);
      },
    },
    Mutation: {
      saveResourcesOccupy: async (_, { model }, { ctx }) =>
        ok({ ids: [await occupancy.saveOccupancy(ctx, model, 'save')] }),
      updateResourcesOccupy: async (_, { model }, { ctx }) =>
        ok({ ids: [await occupancy.saveOccupancy(ctx, model, 'update')] }),
      deleteResourcesOccupy: async (_, { id }, { ctx }) => ok({ ids: [await occupancy.removeOccupancy(ctx, id)] }),
    },
  },
};
