import { accountIdOf } from '../../platform/auth/identity-provider.ts';
import { readSdl } from '../../platform/graphql/endpoint.ts';
import type {
  Department,
  DepartmentNode,
  Menu,
  MutationSaveUserImageArgs,
  Position,
  Post,
  QueryFindUserImageArgs,
  User,
  UserImage,
} from '../../platform/graphql/generated/iam.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GqlContext, GraphqlContribution } from '../../platform/graphql/types.ts';
import type { DepartmentRow, MenuRow, PositionRecord, PostRow, UserImageRow } from './directory.repository.ts';
import { showsContact, type TreeNode } from './directory.rules.ts';
import * as directory from './directory.service.ts';
import type { DirectoryUser } from './directory.service.ts';

// Wire shapes: the contract's camelCase names over the snake_case columns; times as ISO 8601.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function department(d: DepartmentRow) {
  return {
    id: d.id,
    name: d.name,
    code: d.code,
    parent: d.parent,
    tags: d.tags,
    treeType: d.tree_type,
    tenantId: d.tenant_id,
    timestamp: iso(d.timestamp),
    disabled: d.disabled,
    source: d.source,
    description: d.description,
    order: d.order_num,
  } satisfies Department;
}

export function post(p: PostRow) {
  return {
    id: p.id,
    name: p.name,
    code: p.code,
    tags: p.tags,
    formal: p.formal,
    tenantId: p.tenant_id,
    timestamp: iso(p.timestamp),
    disabled: p.disabled,
    source: p.source,
    description: p.description,
  } satisfies Post;
}

function position(p: PositionRecord) {
  return { active: p.active, dept: p.dept && department(p.dept), post: p.post && post(p.post) } satisfies Position;
}

/**
 * A user in the wire shape, narrowed to what the caller may see (`u.view`); `me` adds the
 * caller's address and whether they administer resources.
 */
function user(u: DirectoryUser, me: { ip: string; managesResources: boolean } | null = null): User & { id: string } {
  const full = fullUser(u, me);
  if (u.view === 'full') return full;
  // Everyone sees name, account and department; phone and email only with the contact view.
  const contact = showsContact(u.view);
  return {
    id: full.id,
    account: full.account,
    accountFriendly: full.accountFriendly,
    name: full.name,
    username: full.username,
    tenantId: full.tenantId,
    openid: full.openid,
    email: contact ? full.email : null,
    phone: contact ? full.phone : null,
    attrsValues: [],
    positions: u.positions.map((p) => ({ active: p.active, dept: p.dept && department(p.dept), post: null })),
  };
}

function fullUser(u: DirectoryUser, me: { ip: string; managesResources: boolean } | null) {
  return {
    id: u.id,
    account: u.account,
    accountFriendly: u.account_friendly,
    name: u.name,
    username: u.username,
    email: u.email,
    phone: u.phone,
    express: u.express,
    sex: u.sex,
    birthday: u.birthday,
    cardNo: u.card_no,
    cardType: u.card_type,
    description: u.description,
    tags: u.tags,
    disabled: u.disabled,
    active: !u.disabled,
    activeTime: iso(u.active_time),
    createTime: iso(u.create_time),
    timestamp: iso(u.timestamp),
    source: u.source,
    createSource: u.source,
    createDataSource: u.source,
    dataSource: u.source,
    tenantId: u.tenant_id,
    openid: accountIdOf(u.tenant_id, u.id),
    ip: me?.ip ?? null,
    role: u.role,
    managesResources: me?.managesResources ?? null,
    attrsValues: [],
    positions: u.positions.map(position),
  } satisfies User;
}

function treeNode(n: TreeNode<DepartmentRow>): DepartmentNode {
  const d = n.department;
  return {
    id: d.id,
    name: d.name,
    code: d.code,
    parent: d.parent,
    disabled: d.disabled,
    children: n.children.map(treeNode),
  };
}

function menu(m: MenuRow) {
  return {
    id: m.id,
    name: m.name,
    text: m.text,
    uri: m.uri,
    icon: m.icon,
    parent: m.parent,
    target: m.target,
    description: m.description,
    visible: m.visible,
    deleted: m.deleted,
  } satisfies Menu;
}

function userImage(row: UserImageRow | undefined): UserImage | null {
  return row ? { account: row.account, image: row.image, create_time: iso(row.create_time) } : null;
}

// Avatars are served on both `iam` and `apps_yy_sys`, so clients of either endpoint work: one
// SDL file, these handlers, and a contribution to each endpoint typed by that endpoint's types.
const findUserImage = async (_: unknown, { account }: QueryFindUserImageArgs, { ctx }: GqlContext) =>
  userImage(await directory.findUserImage(ctx, account));
const saveUserImage = async (_: unknown, { model }: MutationSaveUserImageArgs, { ctx }: GqlContext) =>
  userImage(await directory.saveUserImage(ctx, model));

const avatarTypeDefs = readSdl(import.meta.url, 'directory.avatar.graphql');

export const directoryGraphql: GraphqlContribution<'iam'> = {
  endpoint: 'iam',
  typeDefs: readSdl(import.meta.url, 'directory.graphql'),
  resolvers: {
    Query: {
      me: async (_, __, { ctx }) => {
        const found = await directory.getMe(ctx);
        return user(found, { ip: ctx.ip, managesResources: found.managesResources });
      },
      users: async (_, args, { ctx }) => {
        const page = await directory.listUsers(ctx, args);
        return connection(
          page.rows.map((u) => user(u)),
          page.total,
          page.offset,
        );
      },
      user: async (_, { id }, { ctx }) => {
        const found = await directory.getUser(ctx, id);
        return found && user(found);
      },
      departments: async (_, { filter }, { ctx }) => (await directory.listDepartments(ctx, filter)).map(department),
      departmentTree: async (_, { root }, { ctx }) => (await directory.getDepartmentTree(ctx, root)).map(treeNode),
      posts: async (_, { filter }, { ctx }) => (await directory.listPosts(ctx, filter)).map(post),
      canvasmenus: async (_, __, { ctx }) => (await directory.listMyMenus(ctx)).map(menu),
      localMenuMode: async (_, __, { ctx }) => directory.getLocalMenuMode(ctx),
      administrators: async (_, args, { ctx }) => (await directory.listAdministrators(ctx, args)).map((u) => user(u)),
    },
    Mutation: {
      editDepartment: async (_, { model }, { ctx }) => ok({ ids: [await directory.editDepartment(ctx, model)] }),
      deleteDepartment: async (_, { id }, { ctx }) => (await directory.deleteDepartment(ctx, id), ok()),
      editPost: async (_, { model }, { ctx }) => ok({ ids: [await directory.editPost(ctx, model)] }),
      deletePost: async (_, { id }, { ctx }) => (await directory.deletePost(ctx, id), ok()),
      saveUser: async (_, { model }, { ctx }) => ok({ ids: [await directory.saveUser(ctx, model)] }),
      updateUser: async (_, { model }, { ctx }) => ok({ ids: [await directory.updateUser(ctx, model)] }),
      deleteUser: async (_, { id }, { ctx }) => (await directory.deleteUser(ctx, id), ok()),
    },
  },
};

export const avatarIamGraphql: GraphqlContribution<'iam'> = {
  endpoint: 'iam',
  typeDefs: avatarTypeDefs,
  resolvers: { Query: { findUserImage }, Mutation: { saveUserImage } },
};
export const avatarAppsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: avatarTypeDefs,
  resolvers: { Query: { findUserImage }, Mutation: { saveUserImage } },
};
