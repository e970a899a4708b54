import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as find from './resources.find.service.ts';
import * as save from './resources.save.service.ts';

export const resourcesGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'resources.graphql'),
  resolvers: {
    Query: {
      findResourcesAllByAccount: async (_, args, { ctx }) => find.findResourcesByAccount(ctx, args),
      findResourcesAll: async (_, args, { ctx }) => {
        const { nodes, total, offset } = await find.findResourcesPage(ctx, args);
        return connection(nodes, total, offset);
      },
      findResources: async (_, { id, filter }, { ctx }) => find.findOneResource(ctx, id, filter),
      findResourcesTimeSlotByResourcesIdAndDate: async (_, { resourcesId, date }, { ctx }) =>
        find.findTimeSlots(ctx, resourcesId, date),
      findResourcesTypeAllWithResourcesByAccount: async (_, { filter }, { ctx }) =>
        find.findTypesWithResources(ctx, filter, true),
      findResourcesTypeAllByAvailableStatus: async (_, { filter }, { ctx }) =>
        find.findTypesWithResources(ctx, filter, false),
    },
    Mutation: {
      saveResources: async (_, { model }, { ctx }) => ok({ ids: [await save.saveResource(ctx, model, 'save')] }),
      updateResources: async (_, { model }, { ctx }) => ok({ ids: [await save.saveResource(ctx, model, 'update')] }),
      updateResourcesState: async (_, { id, state }, { ctx }) =>
        ok({ ids: [await save.setResourceState(ctx, id, state)] }),
      deleteResources: async (_, { id }, { ctx }) => ok({ ids: [await save.removeResource(ctx, id)] }),
      copyResources: async (_, { id }, { ctx }) => ok({ ids: [await save.copyResource(ctx, id)] }),
    },
  },
};
