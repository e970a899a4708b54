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
    // settings: readable before sign-in (name, logo, theme of the sign-in page)
    'Query.findSysSettings': ['anonymous'],
    'Mutation.saveSysSettings': ['admin'],
    // logs: any signed-in user's web app logs its actions; reading and deleting is for administrators
    'Query.findOperateLogAll': ['admin'],
    'Query.findOperateLog': ['admin'],
    'Mutation.saveOperateLog': ['user'],
    'Mutation.saveOperateLogAll': ['user'],
    'Mutation.deleteOperateLog': ['admin'],
    'Mutation.deleteOperateLogAll': ['admin'],
    // avatars (also on iam): the service lets users set only their own
    'Query.findUserImage': ['user'],
    'Mutation.saveUserImage': ['user'],
  },
  iam: {
    'Query._endpoint': ['anonymous'],
    'Mutation._noop': ['anonymous'],
    // directory: users, departments and posts are readable by any signed-in user (picking
    // participants, filtering by department); single-user reads, administrators and edits are
    // for administrators
    'Query.me': ['user'],
    'Query.users': ['user'],
    'Query.user': ['admin'],
    'Query.departments': ['user'],
    'Query.departmentTree': ['user'],
    'Query.posts': ['user'],
    'Query.canvasmenus': ['user'],
    'Query.localMenuMode': ['user'],
    'Query.administrators': ['admin'],
    'Mutation.editDepartment': ['admin'],
    'Mutation.deleteDepartment': ['admin'],
    'Mutation.editPost': ['admin'],
    'Mutation.deletePost': ['admin'],
    'Mutation.saveUser': ['admin'],
    'Mutation.updateUser': ['admin'],
    'Mutation.deleteUser': ['admin'],
    // avatars (also on apps_yy_sys): the service lets users set only their own
    'Query.findUserImage': ['user'],
    'Mutation.saveUserImage': ['user'],
  },
  public: {
    'Query._endpoint': ['anonymous'],
    'Mutation._noop': ['anonymous'],
    'Query.findSysSettings': ['anonymous'],
  },
};
