import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as instructions from './instructions.service.ts';

export const instructionsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'instructions.graphql'),
  resolvers: {
    Query: {
      findInstructionAll: async (_, { filter }, { ctx }) => instructions.listInstructions(ctx, filter),
      findInstruction: async (_, { id }, { ctx }) => instructions.getInstruction(ctx, id),
    },
    Mutation: {
      saveInstruction: async (_, { model }, { ctx }) => ok({ ids: [await instructions.saveInstruction(ctx, model)] }),
      deleteInstruction: async (_, { id }, { ctx }) => ok({ ids: [await instructions.deleteInstruction(ctx, id)] }),
    },
  },
};
