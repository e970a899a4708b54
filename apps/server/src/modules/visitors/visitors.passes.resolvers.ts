import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as gate from './visitors.gate.service.ts';
import * as passes from './visitors.passes.service.ts';

/** Entry passes, gates and long-term visitors (apps_yy_sys). */
export const visitorPassesGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'visitors.passes.graphql'),
  resolvers: {
    Query: {
      findVisitorPass: async (_, { id }, { ctx }) => passes.findPass(ctx, id),
      findVisitorGateBundle: async (_, __, { ctx }) => gate.gateBundle(ctx),
      verifyVisitorPass: async (_, { token, arrival_place }, { ctx }) => gate.verifyPass(ctx, token, arrival_place),
      findVisitorLongTermByPersonTypeAndName: async (_, { person_type, user_name }, { ctx }) =>
        gate.findLongTerms(ctx, person_type, user_name),
      checkAppointmentInfoAndLongTermPeople: async (_, { id }, { ctx }) => gate.checkAdmission(ctx, id),
    },
    Mutation: {
      rotateVisitorPassKey: async (_, __, { ctx }) => ok({ ids: [await passes.rotatePassKey(ctx)] }),
      recordVisitorEntries: async (_, { entries }, { ctx }) => gate.recordEntries(ctx, entries),
    },
  },
};
