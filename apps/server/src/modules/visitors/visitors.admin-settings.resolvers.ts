import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as s from './visitors.admin-settings.service.ts';

/** The visitor back office's settings, person types and administrators (apps_yy_sys). */
export const visitorAdminSettingsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'visitors.admin-settings.graphql'),
  resolvers: {
    Query: {
      findVisitorAdminPermissionsEntityList: async (_, args, { ctx }) => s.admins(ctx, args),
      findVisitorAreaResourcesAll: async (_, __, { ctx }) => s.allAreas(ctx),
      findVisitorPersonTypeList: async (_, __, { ctx }) => s.personTypes(ctx),
    },
    Mutation: {
      updateVisitorOverallSettingsEntity: async (_, { model }, { ctx }) =>
        ok({ ids: [await s.saveOverall(ctx, model)] }),
      saveVisitorOverallSettingsEntity: async (_, { model }, { ctx }) => ok({ ids: [await s.saveOverall(ctx, model)] }),
      updateVisitorDetailSettings: async (_, { model }, { ctx }) => ok({ ids: [await s.saveDetail(ctx, model)] }),
      saveVisitorDetailSettings: async (_, { model }, { ctx }) => ok({ ids: [await s.saveDetail(ctx, model)] }),
      batchUpdateVisitorDetailSettings: async (_, { models }, { ctx }) => ok({ ids: await s.saveDetails(ctx, models) }),
      updateVisitorRegistorFieldSettingEntity: async (_, { model }, { ctx }) =>
        ok({ ids: [await s.saveRegisterField(ctx, model)] }),
      batchUpdateVisitorRegistorFieldSettingEntity: async (_, { models }, { ctx }) =>
        ok({ ids: await s.saveRegisterFields(ctx, models) }),
      saveVisitorInfoFieldSettingsEntity: async (_, { model }, { ctx }) =>
        ok({ ids: [await s.saveInfoField(ctx, model, 'save')] }),
      updateVisitorInfoFieldSettingsEntity: async (_, { model }, { ctx }) =>
        ok({ ids: [await s.saveInfoField(ctx, model, 'update')] }),
      batchUpdateVisitorInfoFieldSettingsEntity: async (_, { models }, { ctx }) =>
        ok({ ids: await s.saveInfoFields(ctx, models) }),
      deleteVisitorInfoFieldSettingsEntity: async (_, { id }, { ctx }) =>
        ok({ ids: await s.deleteInfoFields(ctx, [id]) }),
      batchDeleteVisitorInfoFieldSettingsEntity: async (_, { ids }, { ctx }) =>
        ok({ ids: await s.deleteInfoFields(ctx, ids) }),
      saveVisitorPersonType: async (_, { model }, { ctx }) => ok({ ids: [await s.savePersonType(ctx, model, 'save')] }),
      updateVisitorPersonType: async (_, { model }, { ctx }) =>
        ok({ ids: [await s.savePersonType(ctx, model, 'update')] }),
      deleteVisitorPersonType: async (_, { id }, { ctx }) => ok({ ids: await s.deletePersonTypes(ctx, [id]) }),
      batchDeleteVisitorPersonType: async (_, { ids }, { ctx }) => ok({ ids: await s.deletePersonTypes(ctx, ids) }),
      saveVisitorAdminPermissionsEntity: async (_, { model }, { ctx }) =>
        ok({ ids: [await s.saveAdmin(ctx, model, 'save')] }),
      updateVisitorAdminPermissionsEntity: async (_, { model }, { ctx }) =>
        ok({ ids: [await s.saveAdmin(ctx, model, 'update')] }),
      updateVisitorAdminPermissionsEntityState: async (_, { ids, is_enable }, { ctx }) =>
        ok({ ids: await s.setAdminsEnabled(ctx, ids, is_enable) }),
      deleteVisitorAdminPermissionsEntity: async (_, { id }, { ctx }) => ok({ ids: await s.deleteAdmins(ctx, [id]) }),
      batchDeleteVisitorAdminPermissionsEntity: async (_, { ids }, { ctx }) =>
        ok({ ids: await s.deleteAdmins(ctx, ids) }),
    },
  },
};
