import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as types from './resource-types.service.ts';

export const resourceTypesGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'resource-types.graphql'),
  resolvers: {
    Query: {
      findResourcesTypeAll: async (_, { filter }, { ctx }) => types.findAllTypes(ctx, filter),
      findResourcesTypeListByAccountAuth: async (_, { adminAuthType, filter }, { ctx }) =>
        types.findTypesByAccountAuth(ctx, adminAuthType, filter),
      findResourcesType: async (_, { id }, { ctx }) => types.findOneType(ctx, id),
      findResourcesTypeById: async (_, { id }, { ctx }) => types.findOneType(ctx, id),
      findResourcesTypeExtendedProperties: async (_, { id }, { ctx }) =>
        (await types.findOneType(ctx, id))?.extendedProperties ?? [],
      findResourcesTypeAllByAccount: async (_, { filter }, { ctx }) => types.findTypesByAccount(ctx, filter),
    },
    Mutation: {
      saveResourcesType: async (_, { model }, { ctx }) => ok({ ids: [await types.saveType(ctx, model, 'save')] }),
      updateResourcesType: async (_, { model }, { ctx }) => ok({ ids: [await types.saveType(ctx, model, 'update')] }),
      updateResourcesTypeState: async (_, { id, state }, { ctx }) =>
        ok({ ids: [await types.setTypeState(ctx, id, state)] }),
      deleteResourcesType: async (_, { id }, { ctx }) => ok({ ids: [await types.removeType(ctx, id)] }),
    },
  },
};
