import { z } from 'zod';
import { isUuid } from '../../platform/ids.ts';

/**
 * Zod schemas of the directory's GraphQL inputs. GraphQL passes an explicit `null` for a
 * field the client set to null; every optional field here treats null as absent.
 */

function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? undefined);
}

const text = (max: number) => z.string().trim().max(max);
const uuid = z.string().trim().refine(isUuid, 'must be a UUID');
/** An id that may be absent: null, undefined and '' all mean "none". */
const optionalId = z
  .union([z.literal(''), uuid])
  .nullish()
  .transform((v) => (v ? v : undefined));
const code = z.string().trim().min(1).max(64).regex(/^\S+$/, 'no spaces');

/** The base `StringFilter` input. */
export const stringFilter = z
  .object({
    eq: optional(text(200)),
    ne: optional(text(200)),
    like: optional(text(200)),
    gte: optional(text(200)),
    lte: optional(text(200)),
    in: optional(z.array(z.string().max(200)).max(1000)),
  })
  .nullish()
  .transform((v) => v ?? undefined);
export type StringFilter = Partial<NonNullable<z.output<typeof stringFilter>>>;
/** An object of optional `StringFilter`s, one per field of a filter input. */
type FilterOf<S extends z.ZodType> = { [K in keyof z.output<S>]?: StringFilter };

const userFilterObject = z.object({
  account: stringFilter,
  name: stringFilter,
  dept: stringFilter,
  post: stringFilter,
  role: stringFilter,
});
/** Filters of `users`; every field optional. */
export type UserFilter = FilterOf<typeof userFilterObject>;

export const usersQueryInput = z.object({
  first: optional(z.number().int().min(0).max(1000)),
  offset: optional(z.number().int()),
  filter: userFilterObject.nullish().transform((v): UserFilter => v ?? {}),
});

const departmentFilterObject = z.object({
  id: stringFilter,
  name: stringFilter,
  code: stringFilter,
  parent: stringFilter,
  tags: stringFilter,
});
export type DepartmentFilter = FilterOf<typeof departmentFilterObject>;
export const departmentFilterInput = departmentFilterObject.nullish().transform((v): DepartmentFilter => v ?? {});

const postFilterObject = z.object({ id: stringFilter, name: stringFilter, code: stringFilter, tags: stringFilter });
export type PostFilter = FilterOf<typeof postFilterObject>;
export const postFilterInput = postFilterObject.nullish().transform((v): PostFilter => v ?? {});

export const idInput = uuid;

export const administratorsInput = z.object({
  service: optional(text(100)),
  position: optional(text(200)),
  type: optional(text(100)),
});

const departmentFields = {
  name: optional(text(100).min(1)),
  code: optional(code),
  parent: z
    .union([z.literal(''), uuid])
    .nullish()
    .transform((v) => v ?? undefined),
  tags: optional(text(500)),
  treeType: optional(text(32).min(1)),
  disabled: optional(z.boolean()),
  source: optional(text(32).min(1)),
  description: optional(text(1000)),
  order: optional(z.number().int().min(-1_000_000).max(1_000_000)),
};

/** `editDepartment(model)`: no id creates (name and code required), an id updates. */
export const editDepartmentInput = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('create'), ...departmentFields, name: text(100).min(1), code }),
  z.object({ mode: z.literal('update'), id: uuid, ...departmentFields }),
]);
export type EditDepartment = z.output<typeof editDepartmentInput>;

const postFields = {
  name: optional(text(100).min(1)),
  code: optional(code),
  tags: optional(text(500)),
  formal: optional(z.boolean()),
  disabled: optional(z.boolean()),
  source: optional(text(32).min(1)),
  description: optional(text(1000)),
};

/** `editPost(model)`: no id creates (name and code required), an id updates. */
export const editPostInput = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('create'), ...postFields, name: text(100).min(1), code }),
  z.object({ mode: z.literal('update'), id: uuid, ...postFields }),
]);
export type EditPost = z.output<typeof editPostInput>;

/** Tells create from update: an input without a (non-empty) id creates. */
export function withMode(model: unknown): unknown {
  if (!model || typeof model !== 'object') return model;
  const id = (model as { id?: unknown }).id;
  return { ...model, mode: id === undefined || id === null || id === '' ? 'create' : 'update' };
}

const position = z
  .object({ dept: optionalId, post: optionalId, active: optional(z.boolean()) })
  .refine((p) => p.dept !== undefined || p.post !== undefined, 'a position needs a dept or a post');

const userFields = {
  account: optional(text(64).min(1).regex(/^\S+$/, 'no spaces')),
  name: optional(text(100).min(1)),
  username: optional(text(100)),
  accountFriendly: optional(text(100)),
  email: optional(z.union([z.literal(''), z.email().max(200)])),
  phone: optional(
    z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9][0-9 ()-]{2,30}$/, 'not a phone number'),
    ]),
  ),
  express: optional(text(200)),
  sex: optional(text(16)),
  birthday: optional(z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2000-01-31')])),
  cardNo: optional(text(64)),
  cardType: optional(text(32)),
  description: optional(text(1000)),
  tags: optional(text(500)),
  role: optional(z.enum(['user', 'admin'])),
  disabled: optional(z.boolean()),
  password: optional(z.string().min(8).max(128)),
  positions: optional(z.array(position).max(20)),
};

/** `saveUser` (create) / `updateUser`. */
export const editUserInput = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('create'),
    ...userFields,
    account: text(64).min(1).regex(/^\S+$/, 'no spaces'),
    name: text(100).min(1),
    password: z.string().min(8).max(128),
  }),
  z.object({ mode: z.literal('update'), id: uuid, ...userFields }),
]);
export type EditUser = z.output<typeof editUserInput>;

export const userImageInput = z.object({
  account: optional(text(64)),
  image: z.string().trim().min(1),
});
