import type { Access, EndpointName } from './types.ts';

/**
 * The authorization policy: for every operation of every endpoint, who may call it.
 * An operation missing here cannot be served (the endpoint refuses to build) and a test
 * fails, so nothing is reachable by accident.
 */
export const policy: Record<EndpointName, Record<string, readonly Access[]>> = {
  apps_yy_sys: {
    'Query._endpoint': ['anonymous'],
    'Mutation._noop': ['anonymous'],
    // tenants
    'Query.checkTenantStatus': ['user'],
    'Query.checkSuperTenant': ['user'],
    'Query.findTenantsAll': ['superAdmin'],
    'Mutation.saveTenants': ['superAdmin'],
    'Mutation.updateTenantsByTenantId': ['superAdmin'],
    'Mutation.initTenantsData': ['admin'],
    'Mutation.manualInitTenantsData': ['admin'],
  },
  iam: {
    'Query._endpoint': ['anonymous'],
    'Mutation._noop': ['anonymous'],
  },
  public: {
    'Query._endpoint': ['anonymous'],
    'Mutation._noop': ['anonymous'],
  },
};
