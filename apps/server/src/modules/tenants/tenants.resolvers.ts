import { readSdl } from '../../platform/graphql/endpoint.ts';
import type { Tenant } from '../../platform/graphql/generated/apps_yy_sys.ts';
import { ok, okMessages } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import type { TenantRow } from './tenants.repository.ts';
import * as tenants from './tenants.service.ts';

const typeDefs = readSdl(import.meta.url, 'tenants.graphql');

/** A tenant as the contract shows it: no remark, `initialized` as a flag, `create_time` in ISO 8601. */
function tenant(t: TenantRow) {
  return {
    id: t.id,
    tenant_key: t.tenant_key,
    name: t.name,
    name_en: t.name_en,
    domains: t.domains,
    state: t.state,
    is_super: t.is_super,
    time_zone: t.time_zone,
    initialized: t.initialized_at !== null,
    create_time: t.create_time.toISOString(),
  } satisfies Tenant;
}

export const tenantsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs,
  resolvers: {
    Query: {
      checkTenantStatus: async (_, __, { ctx }) => (await tenants.checkTenantStatus(ctx), ok()),
      checkSuperTenant: async (_, __, { ctx }) => (await tenants.checkSuperTenant(ctx), ok()),
      findTenantsAll: async (_, __, { ctx }) => (await tenants.listAllTenants(ctx)).map(tenant),
    },
    Mutation: {
      saveTenants: async (_, { model }, { ctx }) => {
        const { tenant } = await tenants.createTenant(ctx, ctx.db, model);
        return ok({ ids: [tenant.id] });
      },
      updateTenantsByTenantId: async (_, { model }, { ctx }) => (await tenants.updateTenantById(ctx, model), ok()),
      initTenantsData: async (_, { model }, { ctx }) => (await tenants.initTenantData(ctx, model), ok()),
      manualInitTenantsData: async (_, __, { ctx }) => {
        await tenants.manualInitTenantData(ctx);
        return okMessages('manualInitTenantsData');
      },
    },
  },
};
