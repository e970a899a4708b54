import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as codeTables from './code-tables.service.ts';

const typeDefs = readSdl(import.meta.url, 'code-tables.graphql');

export const codeTablesGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs,
  resolvers: {
    Query: {
      findCodeItemsAll: async (_, args, { ctx }) => codeTables.listCodeItems(ctx, args),
      findCodesAll: async (_, args, { ctx }) => {
        const { rows, total, offset } = await codeTables.listCodesPage(ctx, args);
        return connection(rows, total, offset);
      },
      findCodes: async (_, { id }, { ctx }) => codeTables.getCodes(ctx, id),
      findLocationsAll: async (_, { code }, { ctx }) => codeTables.listLocations(ctx, code),
    },
    Mutation: {
      saveCodes: async (_, { model }, { ctx }) => ok({ ids: [await codeTables.saveCodes(ctx, model, 'save')] }),
      updateCodes: async (_, { model }, { ctx }) => ok({ ids: [await codeTables.saveCodes(ctx, model, 'update')] }),
      deleteCodes: async (_, { id, cascade }, { ctx }) => ok({ ids: [await codeTables.deleteCodes(ctx, id, cascade)] }),
      saveCodeItems: async (_, { model }, { ctx }) => ok({ ids: [await codeTables.saveCodeItem(ctx, model, 'save')] }),
      updateCodeItems: async (_, { model }, { ctx }) =>
        ok({ ids: [await codeTables.saveCodeItem(ctx, model, 'update')] }),
      deleteCodeItems: async (_, { id }, { ctx }) => ok({ ids: [await codeTables.deleteCodeItem(ctx, id)] }),
      saveLocation: async (_, { model }, { ctx }) => ok({ ids: [await codeTables.saveLocation(ctx, model)] }),
      deleteLocation: async (_, { id }, { ctx }) => ok({ ids: [await codeTables.deleteLocation(ctx, id)] }),
    },
  },
};
