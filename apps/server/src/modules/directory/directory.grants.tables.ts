import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';
import { departments, posts, users } from './directory.tables.ts';

/**
 * Triples (spec 3): a department, a post and/or a user, with a code. A triple naming a user
 * stands for that user; one without a user stands for everyone holding the post (any post when
 * empty) in the department or any department below it (any department when empty). Grants to a
 * triple are how "what a department/post combination may do" is said (`/authorize/dept_post`).
 */
export const triples = pgTable(
  'triples',
  {
    id: id(),
    tenant_id: tenantId(),
    dept_id: uuid('dept_id').references(() => departments.id, { onDelete: 'cascade' }),
    post_id: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    unique('triples_tenant_members_uq').on(t.tenant_id, t.dept_id, t.post_id, t.user_id).nullsNotDistinct(),
    check('triples_someone_ck', sql`${t.dept_id} is not null or ${t.post_id} is not null or ${t.user_id} is not null`),
    tenantIsolation('triples'),
  ],
).enableRLS();

/**
 * Permission grants (spec 3 Permission, 6): an application role (`permission`, one of
 * `@yuyue/shared` APP_ROLES) given to exactly one subject: a user, a department (inherited by
 * the departments below it), a post, or a triple. `filter` narrows a scoped role (JSON, see
 * `GrantFilter`; empty: the whole tenant). `revoke_id` is the handle `revokePermission` takes.
 * Deleting the subject deletes its grants.
 */
export const permissionGrants = pgTable(
  'permission_grants',
  {
    id: id(),
    tenant_id: tenantId(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    dept_id: uuid('dept_id').references(() => departments.id, { onDelete: 'cascade' }),
    post_id: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    triple_id: uuid('triple_id').references(() => triples.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    filter: text('filter').notNull().default(''),
    revoke_id: uuid('revoke_id').notNull().defaultRandom(),
    granted_by: text('granted_by').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    unique('permission_grants_revoke_uq').on(t.revoke_id),
    unique('permission_grants_subject_uq')
      .on(t.tenant_id, t.user_id, t.dept_id, t.post_id, t.triple_id, t.permission, t.filter)
      .nullsNotDistinct(),
    check(
      'permission_grants_one_subject_ck',
      sql`num_nonnulls(${t.user_id}, ${t.dept_id}, ${t.post_id}, ${t.triple_id}) = 1`,
    ),
    index('permission_grants_tenant_permission_idx').on(t.tenant_id, t.permission),
    tenantIsolation('permission_grants'),
  ],
).enableRLS();

/** Groups of users a user makes (spec 3 Group): `status` 1 active, 0 disabled. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: id(),
    tenant_id: tenantId(),
    name: text('name').notNull(),
    status: integer('status').notNull().default(1),
    creator_account_no: text('creator_account_no').notNull(),
    creator_open_id: text('creator_open_id').notNull().default(''),
    create_time: createTime(),
    timestamp: timestamp('timestamp', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('user_groups_creator_idx').on(t.tenant_id, t.creator_account_no), tenantIsolation('user_groups')],
).enableRLS();

/** A group's members (spec 3 groupMember); `relation`: `owner`, `admin` or `member`. */
export const userGroupMembers = pgTable(
  'user_group_members',
  {
    id: id(),
    tenant_id: tenantId(),
    group_id: uuid('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_no: text('account_no').notNull(),
    open_id: text('open_id').notNull().default(''),
    relation: text('relation').notNull().default('member'),
  },
  (t) => [
    unique('user_group_members_uq').on(t.group_id, t.user_id),
    index('user_group_members_user_idx').on(t.tenant_id, t.user_id),
    tenantIsolation('user_group_members'),
  ],
).enableRLS();
