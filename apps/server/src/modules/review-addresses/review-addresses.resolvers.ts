import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as reviewAddresses from './review-addresses.service.ts';

export const reviewAddressesGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'review-addresses.graphql'),
  resolvers: {
    Query: {
      findReviewAddressAll: async (_, { filter }, { ctx }) => reviewAddresses.listReviewAddresses(ctx, filter),
    },
    Mutation: {
      saveReviewAddress: async (_, { model }, { ctx }) =>
        ok({ ids: [await reviewAddresses.saveReviewAddress(ctx, model)] }),
      deleteReviewAddress: async (_, { id }, { ctx }) =>
        ok({ ids: [await reviewAddresses.deleteReviewAddress(ctx, id)] }),
    },
  },
};
