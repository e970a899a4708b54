import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as profile from './visitors.profile.service.ts';
import { sharedTypes } from './visitors.registration.resolvers.ts';

/** A visitor's own registration and information fields; a host's lookup by phone; an administrator's view. */
export const visitorProfileGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: `${sharedTypes('visitors.registration.graphql', ['VisitorRegistrationInput'])}\n${readSdl(import.meta.url, 'visitors.profile.graphql')}`,
  resolvers: {
    Query: {
      findVisitorInfoByAccount: async (_, { account, whole }, { ctx }) =>
        profile.visitorInfoByAccount(ctx, account, whole),
      findVisitorInfoByPhone: async (_, { phone }, { ctx }) => profile.visitorByPhone(ctx, phone),
    },
    Mutation: {
      updateVisitorAddFieldInfo: async (_, { fields, model }, { ctx }) =>
        ok({ ids: [await profile.updateAddFieldInfo(ctx, fields, model)] }),
    },
  },
};
