import { APP_ROLES, grantFilterText, isAppRole } from '@yuyue/shared';
import type { Access, Permission, Triple } from '../../platform/graphql/generated/iam.ts';
import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import { subjectOf, type GrantRecord, type TripleRecord } from './directory.grants.repository.ts';
import * as grants from './directory.grants.service.ts';
import type { AccessRecord } from './directory.grants.service.ts';
import { department, post } from './directory.resolvers.ts';

// Wire shapes of triples, grants and accesses; times as ISO 8601 (UTC).

function triple(r: TripleRecord): Triple & { id: string } {
  const u = r.user;
  return {
    id: r.triple.id,
    code: r.triple.code,
    createTime: r.triple.create_time.toISOString(),
    dept: r.dept && department(r.dept),
    post: r.post && post(r.post),
    // the triple's person as a list shows them (tenant administrators read triples)
    user: u && {
      id: u.id,
      account: u.account,
      name: u.name,
      username: u.username,
      tenantId: u.tenant_id,
      disabled: u.disabled,
      active: !u.disabled,
      attrsValues: [],
      positions: [],
    },
  };
}

export function permission(r: GrantRecord): Permission & { id: string } {
  const g = r.grant;
  const { type, target } = subjectOf(g);
  return {
    id: g.id,
    type,
    permission: g.permission,
    filter: g.filter,
    revokeId: g.revoke_id,
    target,
    targetName: r.target_name ?? '',
    app: isAppRole(g.permission) ? APP_ROLES[g.permission].app : null,
    grantedBy: g.granted_by,
    createTime: g.create_time.toISOString(),
  };
}

function access(a: AccessRecord): Access {
  return { permission: a.permission, app: a.app, filter: grantFilterText(a.filter), via: a.via.map(permission) };
}

/** Triples, permission grants, applications and their roles, a user's accesses (iam). */
export const directoryGrantsGraphql: GraphqlContribution<'iam'> = {
  endpoint: 'iam',
  typeDefs: readSdl(import.meta.url, 'directory.grants.graphql'),
  resolvers: {
    Query: {
      triples: async (_, args, { ctx }) => {
        const page = await grants.listTriples(ctx, args);
        return connection(page.rows.map(triple), page.total, page.offset);
      },
      permissions: async (_, args, { ctx }) => {
        const page = await grants.listGrants(ctx, args);
        return connection(page.rows.map(permission), page.total, page.offset);
      },
      flows: (_, __, { ctx }) => grants.listFlows(ctx),
      appRoles: (_, { app }, { ctx }) => grants.listAppRoles(ctx, app),
      accesses: async (_, { userId }, { ctx }) => (await grants.listAccesses(ctx, userId)).map(access),
    },
    Mutation: {
      addTriple: async (_, { model }, { ctx }) => ok({ ids: [await grants.addTriple(ctx, model)] }),
      deleteTriple: async (_, { id }, { ctx }) => (await grants.deleteTriple(ctx, id), ok()),
      grantPermission: async (_, args, { ctx }) => permission(await grants.grantPermission(ctx, args)),
      grantPermissions: async (_, { models }, { ctx }) => ok({ ids: await grants.grantPermissions(ctx, models) }),
      revokePermission: async (_, { revokeId }, { ctx }) => (await grants.revokePermission(ctx, revokeId), ok()),
      revokePermissions: async (_, { revokeIds }, { ctx }) => (await grants.revokePermissions(ctx, revokeIds), ok()),
    },
  },
};
