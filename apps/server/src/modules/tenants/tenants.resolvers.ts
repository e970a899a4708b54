import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok, okMessages } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as tenants from './tenants.service.ts';

const typeDefs = readSdl(import.meta.url, 'tenants.graphql');

export const tenantsGraphql: GraphqlContribution = {
  endpoint: 'apps_yy_sys',
  typeDefs,
  resolvers: {
    Query: {
      checkTenantStatus: async (_, __, { ctx }) => (await tenants.checkTenantStatus(ctx), ok()),
      checkSuperTenant: async (_, __, { ctx }) => (await tenants.checkSuperTenant(ctx), ok()),
      findTenantsAll: async (_, __, { ctx }) =>
        (await tenants.listAllTenants(ctx)).map((t) => ({
          ...t,
          initialized: t.initialized_at !== null,
          create_time: t.create_time.toISOString(),
        })),
    },
    Mutation: {
      saveTenants: async (_, { model }, { ctx }) => {
        const { tenant } = await tenants.createTenant(ctx, ctx.db, model);
        return ok({ ids: [tenant.id] });
      },
      updateTenantsByTenantId: async (_, { model }, { ctx }) => (await tenants.updateTenantById(ctx, model), ok()),
      initTenantsData: async (_, { model }, { ctx }) => (await tenants.initTenantData(ctx, model), ok()),
      manualInitTenantsData: async (_, __, { ctx }) => {
        const added = await tenants.manualInitTenantData(ctx);
        return okMessages('manualInitTenantsData', {
          zh: `初始化完成，补充了 ${added} 项默认数据`,
          en: `Initialisation complete; ${added} default entries added`,
        });
      },
    },
  },
};
