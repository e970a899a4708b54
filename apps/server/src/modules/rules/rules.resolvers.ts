import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as rules from './rules.service.ts';

export const rulesGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'rules.graphql'),
  resolvers: {
    Query: {
      findResourcesRuleTemplateAll: async (_, args, { ctx }) => {
        const { nodes, total, offset } = await rules.listTemplatePage(ctx, args);
        return connection(nodes, total, offset);
      },
      findResourcesRuleTemplate: async (_, { id }, { ctx }) => rules.getTemplate(ctx, id),
    },
    Mutation: {
      saveResourcesRuleTemplate: async (_, { model }, { ctx }) =>
        ok({ ids: [await rules.saveTemplate(ctx, model, 'save')] }),
      updateResourcesRuleTemplate: async (_, { model }, { ctx }) =>
        ok({ ids: [await rules.saveTemplate(ctx, model, 'update')] }),
      deleteResourcesRuleTemplate: async (_, { id }, { ctx }) => ok({ ids: [await rules.removeTemplate(ctx, id)] }),
    },
  },
};
