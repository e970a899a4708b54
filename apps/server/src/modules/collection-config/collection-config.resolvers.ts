import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as collection from './collection-config.service.ts';

export const collectionConfigGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'collection-config.graphql'),
  resolvers: {
    Query: {
      findCollectionConfigAll: async (_, { filter }, { ctx }) => collection.listCollectionConfigs(ctx, filter),
    },
    Mutation: {
      saveCollectionConfig: async (_, { model }, { ctx }) =>
        ok({ ids: [await collection.saveCollectionConfig(ctx, model)] }),
      deleteCollectionConfig: async (_, { id }, { ctx }) =>
        ok({ ids: [await collection.deleteCollectionConfig(ctx, id)] }),
      sortCollectionConfig: async (_, { ids }, { ctx }) => ok({ ids: await collection.sortCollectionConfig(ctx, ids) }),
    },
  },
};
