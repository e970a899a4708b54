import { readSdl } from '../../platform/graphql/endpoint.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as settings from './visitors.settings.service.ts';

/** The visitor settings visitors' and hosts' pages read (apps_yy_sys). */
export const visitorSettingsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'visitors.settings.graphql'),
  resolvers: {
    Query: {
      findVisitorOverallSettingsEntity: async (_, __, { ctx }) => settings.overallSettings(ctx),
      findVisitorCategoryConfig: async (_, __, { ctx }) => settings.categoryConfig(ctx),
      findVisitorRegistorFieldSettingEntityList: async (_, __, { ctx }) => settings.registerFields(ctx, false),
      findRegisterValidField: async (_, __, { ctx }) => settings.registerFields(ctx, true),
      findVisitorInfoFieldSettingsEntityList: async (_, __, { ctx }) => settings.infoFields(ctx, false),
      findVisitorValidFieldInfo: async (_, __, { ctx }) => settings.infoFields(ctx, true),
      findVisitorInfoFieldDataRange: async (_, { fieldEnName }, { ctx }) => settings.infoFieldOptions(ctx, fieldEnName),
      findVisitorDetailSettingsList: async (_, __, { ctx }) => settings.detailSettings(ctx),
      findVisitorOverAllSettingsResources: async (_, __, { ctx }) => settings.areas(ctx),
    },
  },
};
