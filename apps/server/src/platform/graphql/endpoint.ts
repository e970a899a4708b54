import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  buildASTSchema,
  getNamedType,
  isObjectType,
  parse,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mercurius, { type IResolvers, type MercuriusContext } from 'mercurius';
import { RESULT_FAILED } from '@yuyue/shared';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { maxAliasesRule, maxCostRule } from './limits.ts';
import { policy } from './policy.ts';
import { messagesResult } from './results.ts';
import { DateScalar } from './scalars.ts';
import type { Access, EndpointName, GqlContext, GraphqlContribution } from './types.ts';

const baseTypeDefs = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'base.graphql'), 'utf8');

/** Reads a module's SDL file that sits next to the module's code. */
export function readSdl(moduleUrl: string, file: string): string {
  return fs.readFileSync(path.join(path.dirname(fileURLToPath(moduleUrl)), file), 'utf8');
}

type ResultShape = 'errcode' | 'code' | 'error';

/** How a failing operation answers: in its result type's own fields when it has them, else as a GraphQL error. */
function resultShape(schema: GraphQLSchema, rootType: string, field: string): ResultShape {
  const root = schema.getType(rootType);
  if (!isObjectType(root)) return 'error';
  const type = root.getFields()[field]?.type;
  const named = type ? getNamedType(type) : undefined;
  if (!isObjectType(named)) return 'error';
  const fields = named.getFields();
  if ('errcode' in fields && 'msg' in fields) return 'errcode';
  if ('code' in fields && 'messages' in fields) return 'code';
  return 'error';
}

const authCodes = new Set(['ACCESS_TOKEN_INVALID', 'UNAUTHENTICATED']);

/** Whether the request context satisfies an operation's access list. */
export function allowed(ctx: RequestContext, access: readonly Access[]): boolean {
  if (access.includes('anonymous')) return true;
  const user = ctx.user;
  if (!user) return false;
  if (access.includes('user')) return true;
  if (access.includes('admin') && user.role === 'admin') return true;
  return access.includes('superAdmin') && user.role === 'admin' && ctx.tenant?.isSuper === true;
}

function toAppError(err: unknown, ctx: RequestContext): AppError {
  if (err instanceof AppError) return err;
  ctx.log.error({ err }, 'unexpected error in a GraphQL operation');
  return new AppError('INTERNAL');
}

function graphqlError(error: AppError): GraphQLError {
  const { zh, en } = error.texts;
  const message = authCodes.has(error.code) ? 'ACCESS_TOKEN_INVALID' : zh;
  return new GraphQLError(error.code === 'UNAUTHENTICATED' ? 'UNAUTHENTICATED' : message, {
    extensions: { code: error.code, msg: zh, msg_en: en },
  });
}

type Resolver = (
  root: unknown,
  args: Record<string, unknown>,
  context: GqlContext & MercuriusContext,
  info: unknown,
) => unknown;

/**
 * Wraps an operation's resolver: checks the policy first, and maps every failure to the
 * contract's shape. Unexpected errors are logged and answered as 系统异常 without detail.
 */
function guard(op: string, access: readonly Access[], shape: ResultShape, fn: Resolver): Resolver {
  return async (root, args, context, info) => {
    const ctx = context.ctx;
    try {
      if (!allowed(ctx, access)) throw new AppError(ctx.user ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      return await fn(root, args, context, info);
    } catch (err) {
      const error = toAppError(err, ctx);
      if (shape === 'error' || authCodes.has(error.code) || error.code === 'FORBIDDEN') throw graphqlError(error);
      const { zh, en } = error.texts;
      ctx.log.info({ op, code: error.code }, 'operation refused');
      return shape === 'errcode'
        ? { errcode: RESULT_FAILED, msg: zh, msg_en: en }
        : messagesResult(RESULT_FAILED, error.code, { zh, en });
    }
  };
}

export interface BuiltEndpoint {
  name: EndpointName;
  typeDefs: string;
  schema: GraphQLSchema;
  resolvers: IResolvers<unknown, GqlContext>;
}

/**
 * Assembles an endpoint from the modules' contributions: one SDL, resolvers wrapped by the
 * policy. Fails when an operation has no resolver or no policy entry, or a resolver names a
 * field the schema lacks.
 */
export function buildEndpoint(name: EndpointName, contributions: GraphqlContribution[]): BuiltEndpoint {
  const mine = contributions.filter((c) => c.endpoint === name);
  const typeDefs = [baseTypeDefs, ...mine.map((c) => c.typeDefs)].join('\n');
  const schema = buildASTSchema(parse(typeDefs));
  const merged: Record<string, Record<string, unknown>> = {
    Query: { _endpoint: () => name },
    Mutation: { _noop: () => null },
  };
  for (const c of mine) {
    for (const [typeName, fields] of Object.entries(c.resolvers)) {
      // The generated resolver types have an index signature, so a misspelt name passes the typecheck: refuse it here.
      const type = schema.getType(typeName);
      if (!isObjectType(type)) throw new Error(`${name}: resolvers for ${typeName}, which is no object type here`);
      const unknown = Object.keys(fields as object).filter((field) => !(field in type.getFields()));
      if (unknown.length > 0) throw new Error(`${name}: ${typeName} has no field ${unknown.join(', ')}`);
      merged[typeName] = { ...(merged[typeName] ?? {}), ...(fields as Record<string, unknown>) };
    }
  }
  const table = policy[name];
  for (const rootType of ['Query', 'Mutation'] as const) {
    const type = schema.getType(rootType);
    if (!isObjectType(type)) continue;
    for (const field of Object.keys(type.getFields())) {
      const op = `${rootType}.${field}`;
      const access = table[op];
      if (!access) throw new Error(`${name}: ${op} has no entry in the authorization policy`);
      const fn = merged[rootType]?.[field];
      if (typeof fn !== 'function') throw new Error(`${name}: ${op} has no resolver`);
      merged[rootType]![field] = guard(op, access, resultShape(schema, rootType, field), fn as Resolver);
    }
  }
  return { name, typeDefs, schema, resolvers: { ...merged, Date: DateScalar } as IResolvers<unknown, GqlContext> };
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export interface EndpointOptions {
  endpoint: BuiltEndpoint;
  production: boolean;
  limits: { maxDepth: number; maxAliases: number; maxCost: number; maxBatch: number };
  /** Builds the request context (tenant, user); throws AppError for a bad token. */
  contextFor: (request: FastifyRequest) => Promise<RequestContext>;
}

function sendError(reply: FastifyReply, status: number, error: AppError) {
  const { zh, en } = error.texts;
  const message = authCodes.has(error.code) ? 'ACCESS_TOKEN_INVALID' : zh;
  return reply
    .code(status)
    .send({ data: null, errors: [{ message, extensions: { code: error.code, msg: zh, msg_en: en } }] });
}

/** Serves one endpoint at `/bus/graphql/<name>` with Mercurius (JIT on), limits and auth. */
export async function registerEndpoint(app: FastifyInstance, opts: EndpointOptions): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', async (request, reply) => {
      if (Array.isArray(request.body) && request.body.length > opts.limits.maxBatch) {
        return sendError(reply, 400, new AppError('QUERY_TOO_COMPLEX', { detail: `batch > ${opts.limits.maxBatch}` }));
      }
    });
    scope.addHook('preHandler', async (request, reply) => {
      try {
        request.ctx = await opts.contextFor(request);
      } catch (err) {
        if (err instanceof AppError) return sendError(reply, 401, err);
        throw err;
      }
    });
    const validationRules: ValidationRule[] = [
      maxAliasesRule(opts.limits.maxAliases),
      maxCostRule(opts.limits.maxCost),
    ];
    if (opts.production) validationRules.push(NoSchemaIntrospectionCustomRule);
    await scope.register(mercurius, {
      schema: opts.endpoint.typeDefs,
      resolvers: opts.endpoint.resolvers as unknown as IResolvers,
      path: `/bus/graphql/${opts.endpoint.name}`,
      graphiql: false,
      jit: 1,
      queryDepth: opts.limits.maxDepth,
      allowBatchedQueries: true,
      validationRules,
      context: (request: FastifyRequest) => ({ ctx: request.ctx }),
    });
  });
}
