import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as resources from './resources.service.ts';

export const resourcesGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'resources.graphql'),
  resolvers: {
    Query: {
      findResourcesAllByAccount: async (_, args, { ctx }) => resources.findResourcesByAccount(ctx, args),
      findResourcesAll: async (_, args, { ctx }) => {
        const { nodes, total, offset } = await resources.findResourcesPage(ctx, args);
        return connection(nodes, total, offset);
      },
      findResources: async (_, { id, filter }, { ctx }) => resources.findOneResource(ctx, id, filter),
      findResourcesTimeSlotByResourcesIdAndDate: async (_, { resourcesId, date }, { ctx }) =>
        resources.findTimeSlots(ctx, resourcesId, date),
      findResourcesTypeAllWithResourcesByAccount: async (_, { filter }, { ctx }) =>
        resources.findTypesWithResources(ctx, filter, true),
      findResourcesTypeAllByAvailableStatus: async (_, { filter }, { ctx }) =>
        resources.findTypesWithResources(ctx, filter, false),
    },
    Mutation: {
      saveResources: async (_, { model }, { ctx }) => ok({ ids: [await resources.saveResource(ctx, model, 'save')] }),
      updateResources: async (_, { model }, { ctx }) =>
        ok({ ids: [await resources.saveResource(ctx, model, 'update')] }),
      updateResourcesState: async (_, { id, state }, { ctx }) =>
        ok({ ids: [await resources.setResourceState(ctx, id, state)] }),
      deleteResources: async (_, { id }, { ctx }) => ok({ ids: [await resources.removeResource(ctx, id)] }),
      copyResources: async (_, { id }, { ctx }) => ok({ ids: [await resources.copyResource(ctx, id)] }),
    },
  },
};
