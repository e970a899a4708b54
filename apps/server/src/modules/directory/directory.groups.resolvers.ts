import { readSdl } from '../../platform/graphql/endpoint.ts';
import type { Group } from '../../platform/graphql/generated/iam.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as groups from './directory.groups.service.ts';
import type { GroupWithMembers } from './directory.groups.service.ts';

function group(g: GroupWithMembers) {
  return {
    id: g.id,
    name: g.name,
    status: g.status,
    creatorAccountNo: g.creator_account_no,
    creatorOpenId: g.creator_open_id,
    groupMember: g.members.map((m) => ({
      id: m.id,
      groupId: m.group_id,
      userId: m.user_id,
      accountNo: m.account_no,
      openId: m.open_id,
      relation: m.relation,
      name: m.name,
    })),
  } satisfies Group;
}

/** Groups of users (iam). */
export const directoryGroupsGraphql: GraphqlContribution<'iam'> = {
  endpoint: 'iam',
  typeDefs: readSdl(import.meta.url, 'directory.groups.graphql'),
  resolvers: {
    Query: {
      queryMyGroup: async (_, args, { ctx }) => (await groups.queryMyGroups(ctx, args)).map(group),
    },
    Mutation: {
      createGroup: async (_, { model }, { ctx }) => ok({ ids: [await groups.createGroup(ctx, model)] }),
      updateGroup: async (_, { model }, { ctx }) => ok({ ids: [await groups.updateGroup(ctx, model)] }),
      deleteGroup: async (_, { id }, { ctx }) => (await groups.deleteGroup(ctx, id), ok()),
    },
  },
};
