import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GqlContext, GraphqlContribution } from '../../platform/graphql/types.ts';
import * as settings from './settings.service.ts';

const readTypeDefs = readSdl(import.meta.url, 'settings.graphql');
const findSysSettings = async (_: unknown, __: unknown, { ctx }: GqlContext) => settings.findSysSettings(ctx);

export const settingsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: `${readTypeDefs}\n${readSdl(import.meta.url, 'settings.mutations.graphql')}`,
  resolvers: {
    Query: { findSysSettings },
    Mutation: {
      saveSysSettings: async (_, { model }, { ctx }) => {
        const saved = await settings.saveSysSettings(ctx, model);
        return ok({ ids: [saved.id] });
      },
    },
  },
};

/** The public endpoint serves the settings too: the sign-in and visitor pages need name, logo and theme. */
export const settingsPublicGraphql: GraphqlContribution<'public'> = {
  endpoint: 'public',
  typeDefs: readTypeDefs,
  resolvers: { Query: { findSysSettings } },
};
