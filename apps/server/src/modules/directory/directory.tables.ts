import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';

const updatedAt = () => timestamp('timestamp', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Departments form a tree through `parent` (the parent's id; empty for a root). */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    tenant_id: tenantId(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    parent: text('parent').notNull().default(''),
    tags: text('tags').notNull().default(''),
    tree_type: text('tree_type').notNull().default('dept'),
    disabled: boolean('disabled').notNull().default(false),
    source: text('source').notNull().default('local'),
    description: text('description').notNull().default(''),
    order_num: integer('order_num').notNull().default(0),
    timestamp: updatedAt(),
  },
  (t) => [uniqueIndex('departments_tenant_code_uq').on(t.tenant_id, t.code), tenantIsolation('departments')],
).enableRLS();

export const posts = pgTable(
  'posts',
  {
    id: id(),
    tenant_id: tenantId(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    tags: text('tags').notNull().default(''),
    formal: boolean('formal').notNull().default(true),
    disabled: boolean('disabled').notNull().default(false),
    source: text('source').notNull().default('local'),
    description: text('description').notNull().default(''),
    timestamp: updatedAt(),
  },
  (t) => [uniqueIndex('posts_tenant_code_uq').on(t.tenant_id, t.code), tenantIsolation('posts')],
).enableRLS();

/** Directory users. `role` is `user` or `admin` (spec 6), or `visitor` (a registered visitor: modules/visitors); passwords are scrypt hashes. */
export const users = pgTable(
  'users',
  {
    id: id(),
    tenant_id: tenantId(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    username: text('username').notNull().default(''),
    account_friendly: text('account_friendly').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    express: text('express').notNull().default(''),
    card_no: text('card_no').notNull().default(''),
    card_type: text('card_type').notNull().default(''),
    sex: text('sex').notNull().default(''),
    birthday: text('birthday').notNull().default(''),
    description: text('description').notNull().default(''),
    tags: text('tags').notNull().default(''),
    source: text('source').notNull().default('local'),
    disabled: boolean('disabled').notNull().default(false),
    role: text('role').notNull().default('user'),
    password_hash: text('password_hash').notNull().default(''),
    failed_logins: integer('failed_logins').notNull().default(0),
    locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    active_time: timestamp('active_time', { withTimezone: true, mode: 'date' }),
    create_time: createTime(),
    timestamp: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_tenant_account_uq').on(t.tenant_id, t.account),
    check('users_role_ck', sql`${t.role} in ('user', 'admin', 'visitor')`),
    tenantIsolation('users'),
  ],
).enableRLS();

/** A user's positions: a department and a post each. */
export const userPositions = pgTable(
  'user_positions',
  {
    id: id(),
    tenant_id: tenantId(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dept_id: uuid('dept_id').references(() => departments.id, { onDelete: 'set null' }),
    post_id: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('user_positions_user_idx').on(t.user_id), tenantIsolation('user_positions')],
).enableRLS();

/** Avatars, by account (the contract's `findUserImage(account)`). */
export const userImages = pgTable(
  'user_images',
  {
    id: id(),
    tenant_id: tenantId(),
    account: text('account').notNull(),
    image: text('image').notNull(),
    create_time: createTime(),
  },
  (t) => [uniqueIndex('user_images_tenant_account_uq').on(t.tenant_id, t.account), tenantIsolation('user_images')],
).enableRLS();

/**
 * Menu entries (`canvasmenus`). `required_role` decides who sees an entry; the web app grants
 * the admin role when the entry described as the home page is among a user's menus (spec 6).
 */
export const menus = pgTable(
  'menus',
  {
    id: id(),
    tenant_id: tenantId(),
    name: text('name').notNull(),
    text: text('text').notNull().default(''),
    uri: text('uri').notNull().default(''),
    icon: text('icon').notNull().default(''),
    parent: text('parent').notNull().default(''),
    target: text('target').notNull().default(''),
    description: text('description').notNull().default(''),
    visible: boolean('visible').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    required_role: text('required_role').notNull().default('admin'),
    order_num: integer('order_num').notNull().default(0),
  },
  (t) => [index('menus_tenant_idx').on(t.tenant_id), tenantIsolation('menus')],
).enableRLS();
