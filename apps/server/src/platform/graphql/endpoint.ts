import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  buildASTSchema,
  getNamedType,
  isObjectType,
  parse,
  visit,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mercurius, { type IResolvers, type MercuriusContext } from 'mercurius';
import { RESULT_FAILED } from '@yuyue/shared';
import type { GraphqlLimits } from '../../config.ts';
import type { RequestContext } from '../context.ts';
import { AppError, UNAVAILABLE_CODES, unavailableError } from '../errors.ts';
import { faultForLog, nulPath } from '../validation.ts';
import { CallerSlots, RequestBudget } from './budget.ts';
import { normaliseFilterLiterals, normaliseFilterVariables } from './filter-values.ts';
import { clampFirst, documentCost, hasNulLiteral, listLimitOf, maxAliasesRule, type ListLimit } from './limits.ts';
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
  if (user.role === 'visitor') return access.includes('visitor');
  if (access.includes('user')) return true;
  if (access.includes('admin') && user.role === 'admin') return true;
  return access.includes('superAdmin') && user.role === 'admin' && ctx.tenant?.isSuper === true;
}

function toAppError(err: unknown, ctx: RequestContext): AppError {
  if (err instanceof AppError) return err;
  const unavailable = unavailableError(err);
  if (unavailable) {
    ctx.log.warn({ err: (err as Error).message }, unavailable.code);
    return unavailable;
  }
  ctx.log.error({ err: faultForLog(err) }, 'unexpected error in a GraphQL operation');
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

/** The context of one operation: the request's, and its budget (absent when run outside HTTP). */
type OperationContext = GqlContext & MercuriusContext & { budget?: RequestBudget };

/**
 * Wraps an operation's resolver: checks the policy first, clamps `first` to the operation's
 * page limit, runs it within its request's budget (a slot of the request's concurrency, after
 * a yield to the event loop), and maps every failure to the contract's shape. Unexpected
 * errors are logged and answered as 系统异常 without detail.
 */
function guard(op: string, access: readonly Access[], shape: ResultShape, limit: ListLimit, fn: Resolver): Resolver {
  return async (root, args, context, info) => {
    const ctx = context.ctx;
    try {
      if (!allowed(ctx, access)) throw new AppError(ctx.user ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      const first = clampFirst(args.first, limit);
      const served = first !== null && first !== args.first ? { ...args, first } : args;
      const budget = (context as OperationContext).budget;
      return await (budget ? budget.run(() => fn(root, served, context, info)) : fn(root, served, context, info));
    } catch (err) {
      const error = toAppError(err, ctx);
      // The database unreachable is no refusal of the operation: the whole request answers 503
      // (see `errorFormatter`), whatever the operation's result type.
      if (
        shape === 'error' ||
        authCodes.has(error.code) ||
        error.code === 'FORBIDDEN' ||
        UNAVAILABLE_CODES.has(error.code)
      )
        throw graphqlError(error);
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
      merged[rootType]![field] = guard(
        op,
        access,
        resultShape(schema, rootType, field),
        listLimitOf(name, op),
        fn as Resolver,
      );
    }
  }
  return { name, typeDefs, schema, resolvers: { ...merged, Date: DateScalar } as IResolvers<unknown, GqlContext> };
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
    /** The GraphQL request's budget (concurrency, answer size), shared by a batch's documents. */
    graphqlBudget: RequestBudget | null;
  }
}

export interface EndpointOptions {
  endpoint: BuiltEndpoint;
  production: boolean;
  limits: GraphqlLimits;
  /** Builds the request context (tenant, user); throws AppError for a bad token. */
  contextFor: (request: FastifyRequest) => Promise<RequestContext>;
}

/**
 * Mercurius' formatting, except that a request any of whose operations found the database
 * unreachable (or past its time budget) answers HTTP 503 with the catalogue's code and texts,
 * also when the failure came from a field resolver the guard does not wrap (never the driver's
 * message).
 */
const errorFormatter: typeof mercurius.defaultErrorFormatter = (execution, context) => {
  let unavailable = false;
  const errors = execution.errors?.map((e) => {
    if (UNAVAILABLE_CODES.has(String(e.extensions?.code))) unavailable = true;
    const mapped = e.originalError instanceof AppError ? null : unavailableError(e.originalError);
    if (!mapped) return e;
    unavailable = true;
    return graphqlError(mapped);
  });
  const formatted = mercurius.defaultErrorFormatter({ ...execution, errors }, context);
  if (!unavailable) return formatted;
  (context as { reply?: FastifyReply }).reply?.header('retry-after', '1');
  return { ...formatted, statusCode: 503 };
};

function sendError(reply: FastifyReply, status: number, error: AppError) {
  const { zh, en } = error.texts;
  const message = authCodes.has(error.code) ? 'ACCESS_TOKEN_INVALID' : zh;
  return reply
    .code(status)
    .send({ data: null, errors: [{ message, extensions: { code: error.code, msg: zh, msg_en: en } }] });
}

/** Most tokens in one document: far above any client's, far below what would take long to parse. */
const MAX_TOKENS = 20_000;

/** Longest document source kept parsed (the web app's largest is a few kB). */
const MAX_CACHED_SOURCE = 16 * 1024;

/**
 * A parsed document with what the request checks learn of it once: whether a string literal
 * holds a NUL, and each operation's estimated cost when no variable can change it (no `first`
 * given by a variable).
 */
interface ParsedDocument {
  document: DocumentNode;
  hasNul: boolean;
  costByVariables: boolean;
  /** Cost by operation name ('' for the document's only operation), when not `costByVariables`. */
  costs: Map<string, number>;
}

/** Documents seen lately, parsed once for the request checks (Mercurius keeps its own cache for execution). */
class DocumentCache {
  private readonly entries = new Map<string, ParsedDocument | 'too-long' | GraphQLError>();
  constructor(private readonly size: number) {}

  /** The parsed document; its syntax error; 'too-long' past MAX_TOKENS. */
  get(source: string): ParsedDocument | 'too-long' | GraphQLError {
    let entry = this.entries.get(source);
    if (entry === undefined) {
      try {
        const document = parse(source, { maxTokens: MAX_TOKENS });
        entry = {
          document,
          hasNul: hasNulLiteral(document),
          costByVariables: firstFromVariable(document),
          costs: new Map(),
        };
      } catch (err) {
        const syntax = err instanceof GraphQLError ? err : new GraphQLError('Syntax Error');
        entry = syntax.message.includes('tokens') ? 'too-long' : syntax;
      }
      // Only documents of a client's size are kept: unique large ones would fill memory.
      if (source.length <= MAX_CACHED_SOURCE) {
        if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(source, entry);
      }
    }
    return entry;
  }
}

/** Whether any `first` argument of the document is given by a variable (its cost then depends on them). */
function firstFromVariable(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Argument(node) {
      if (node.name.value === 'first' && node.value.kind === Kind.VARIABLE) found = true;
    },
  });
  return found;
}

/** The estimated cost of the operation a request runs (`documentCost`), from the cache when variables cannot change it. */
function costOf(
  opts: EndpointOptions,
  parsed: ParsedDocument,
  variables: Record<string, unknown>,
  operationName: string | null,
): number {
  const { schema, name } = opts.endpoint;
  if (parsed.costByVariables) return documentCost(schema, name, parsed.document, variables, operationName);
  const key = operationName ?? '';
  let cost = parsed.costs.get(key);
  if (cost === undefined) {
    cost = documentCost(schema, name, parsed.document, variables, operationName);
    parsed.costs.set(key, cost);
  }
  return cost;
}

interface RequestedDocument {
  query: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/**
 * An empty `operationName` is taken for none (graphql-js would look for an operation named ""):
 * removed from the request itself, GET or POST, before Mercurius or the checks read it.
 */
function dropEmptyOperationNames(request: FastifyRequest): void {
  const items: unknown[] = Array.isArray(request.body)
    ? request.body
    : request.body && typeof request.body === 'object'
      ? [request.body]
      : request.method === 'GET' && request.query && typeof request.query === 'object'
        ? [request.query]
        : [];
  for (const item of items) {
    if (item && typeof item === 'object' && (item as RequestedDocument).operationName === '') {
      delete (item as RequestedDocument).operationName;
    }
  }
}

/** The documents a request asks for: a batch's, a POST body's, or a GET's query string. */
function requestedDocuments(request: FastifyRequest): RequestedDocument[] {
  if (Array.isArray(request.body)) return request.body as RequestedDocument[];
  if (request.body && typeof request.body === 'object') return [request.body as RequestedDocument];
  const query = request.query as Record<string, unknown> | undefined;
  if (request.method !== 'GET' || query?.query === undefined) return [];
  // A repeated parameter arrives as a list and text that is not JSON as itself: both are then
  // refused (query and variables must be a string and an object), never passed to graphql-js.
  const raw = query.variables;
  let variables: unknown = raw === '' ? undefined : raw;
  if (typeof raw === 'string' && raw !== '') {
    try {
      variables = JSON.parse(raw);
    } catch {
      variables = raw;
    }
  }
  return [{ query: query.query, variables, operationName: query.operationName }];
}

/**
 * The checks of a request as a whole, before anything runs: batch size, then each document's
 * syntax (Mercurius would take a document that is not GraphQL but JSON for a parsed one, and
 * fail on it), string literals (no NUL) and the estimated cost summed over the batch. Null when
 * it passes.
 */
function refusalOf(
  request: FastifyRequest,
  opts: EndpointOptions,
  documents: DocumentCache,
): AppError | GraphQLError | null {
  const requested = requestedDocuments(request);
  const { maxBatch, maxCost } = opts.limits;
  if (requested.length > maxBatch) return new AppError('QUERY_TOO_COMPLEX', { detail: `batch > ${maxBatch}` });
  let cost = 0;
  for (const item of requested) {
    // Mercurius takes a non-string query for a parsed document and fails on it: refuse it here.
    if (!item || typeof item !== 'object' || typeof item.query !== 'string') {
      return new AppError('INVALID_INPUT', { detail: 'query must be a string' });
    }
    const parsed = documents.get(item.query);
    if (parsed === 'too-long') return new AppError('QUERY_TOO_COMPLEX', { detail: `> ${MAX_TOKENS} tokens` });
    if (parsed instanceof GraphQLError) return parsed;
    if (parsed.hasNul) return new AppError('INPUT_HAS_NUL', { field: 'query' });
    const { document } = parsed;
    if (item.operationName !== undefined && item.operationName !== null && typeof item.operationName !== 'string') {
      return new AppError('INVALID_INPUT', { detail: 'operationName must be a string' });
    }
    // graphql-js asserts (a server fault) on variables that are not an object: refuse them as input.
    if (item.variables !== undefined && item.variables !== null) {
      if (typeof item.variables !== 'object' || Array.isArray(item.variables)) {
        return new AppError('INVALID_INPUT', { detail: 'variables must be an object' });
      }
      // a GET's variables are JSON in the query string: "\u0000" there becomes a NUL only now
      const nul = nulPath(item.variables, 'variables');
      if (nul) return new AppError('INPUT_HAS_NUL', { field: nul });
    }
    const variables = (item.variables ?? {}) as Record<string, unknown>;
    const operationName = typeof item.operationName === 'string' ? item.operationName : null;
    // the operation to run must be there (Mercurius answered a GET naming none with a fault)
    const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    if (operationName ? !operations.some((o) => o.name?.value === operationName) : operations.length !== 1) {
      return new AppError('INVALID_INPUT', {
        detail: operationName
          ? 'operationName names no operation of the document'
          : 'operationName is needed: the document has several operations',
      });
    }
    cost += costOf(opts, parsed, variables, operationName);
    if (cost > maxCost) return new AppError('QUERY_TOO_COMPLEX', { detail: `cost > ${maxCost}` });
  }
  return null;
}

/**
 * Makes the filter values of every document's variables the strings the services read
 * (`filter-values.ts`), in the request itself, before Mercurius coerces them. Called once the
 * request passed `refusalOf`, so every document parses.
 */
function normaliseRequestFilters(request: FastifyRequest, opts: EndpointOptions, documents: DocumentCache): void {
  for (const item of requestedDocuments(request)) {
    if (typeof item.query !== 'string') continue;
    const parsed = documents.get(item.query);
    if (typeof parsed !== 'object' || parsed instanceof GraphQLError) continue;
    const { document } = parsed;
    if (!item.variables || typeof item.variables !== 'object') continue;
    const operationName = typeof item.operationName === 'string' ? item.operationName : null;
    const variables = item.variables as Record<string, unknown>;
    const fixed = normaliseFilterVariables(opts.endpoint.schema, document, operationName, variables);
    if (fixed === variables) continue;
    if (request.method === 'GET') (request.query as Record<string, unknown>).variables = JSON.stringify(fixed);
    else item.variables = fixed;
  }
}

/**
 * The error handler of the endpoint's route: a refusal before execution (input guard, body
 * parser, request checks) answers in the GraphQL shape with its catalogue texts; anything
 * else is formatted as Mercurius does, and logged without detail when it is a server fault.
 */
async function routeErrorHandler(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  // the database unreachable in a hook before the operation: the same 503 as within one
  const unavailable = error instanceof AppError && UNAVAILABLE_CODES.has(error.code) ? error : unavailableError(error);
  if (unavailable) {
    if (unavailable !== error) request.log.warn({ err: error.message }, unavailable.code);
    await sendError(reply.header('retry-after', '1'), 503, unavailable);
    return;
  }
  if (error instanceof AppError) {
    await sendError(reply, authCodes.has(error.code) ? 401 : 400, error);
    return;
  }
  const status = error.statusCode;
  if (status === undefined || status >= 500) {
    request.log.error({ err: faultForLog(error) }, 'unexpected error before a GraphQL operation');
    await sendError(reply, 500, new AppError('INTERNAL'));
    return;
  }
  if (!(error as { errors?: unknown }).errors) {
    // The body parser's refusals (not JSON, too large, wrong content type): their messages are Fastify's own.
    await sendError(reply, status, new AppError('INVALID_INPUT', { detail: error.message.slice(0, 200) }));
    return;
  }
  const formatted = errorFormatter(
    { errors: [new GraphQLError(error.message, { originalError: error })] } as Parameters<typeof errorFormatter>[0],
    { reply, app: request.server } as unknown as Parameters<typeof errorFormatter>[1],
  );
  await reply.code(formatted.statusCode ?? status).send(formatted.response);
}

/** Serves one endpoint at `/bus/graphql/<name>` with Mercurius (JIT on), limits and auth. */
export async function registerEndpoint(app: FastifyInstance, opts: EndpointOptions): Promise<void> {
  const documents = new DocumentCache(512);
  const callers = new CallerSlots(opts.limits.callerConcurrency);
  await app.register(async (scope) => {
    scope.decorateRequest('graphqlBudget', null);
    scope.addHook('preValidation', async (request, reply) => {
      dropEmptyOperationNames(request);
      const refusal = refusalOf(request, opts, documents);
      if (refusal instanceof GraphQLError) return reply.code(400).send({ data: null, errors: [refusal.toJSON()] });
      if (refusal) {
        request.log.info({ code: refusal.code, detail: refusal.params.detail }, 'GraphQL request refused');
        return sendError(reply, 400, refusal);
      }
      try {
        normaliseRequestFilters(request, opts, documents);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        request.log.info({ code: err.code, detail: err.params.detail }, 'GraphQL request refused');
        return sendError(reply, 400, err);
      }
    });
    scope.addHook('preHandler', async (request, reply) => {
      try {
        request.ctx = await opts.contextFor(request);
        const user = request.ctx.user;
        request.graphqlBudget = new RequestBudget(
          callers,
          user ? `${user.tenantId}:${user.id}` : null,
          opts.limits.maxAnswerBytes,
        );
      } catch (err) {
        if (err instanceof AppError) return sendError(reply, 401, err);
        const unavailable = unavailableError(err);
        if (unavailable) {
          request.log.warn({ err: (err as Error).message }, unavailable.code);
          return sendError(reply.header('retry-after', '1'), 503, unavailable);
        }
        throw err;
      }
    });
    // Cost is checked per request (`refusalOf`): a validation rule sees neither variables nor the batch.
    const validationRules: ValidationRule[] = [maxAliasesRule(opts.limits.maxAliases)];
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
      context: (request: FastifyRequest) => ({ ctx: request.ctx, budget: request.graphqlBudget }),
      errorFormatter,
      errorHandler: routeErrorHandler,
      graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
    });
    // Each document's answer is serialised as it resolves, in slices, against the request's
    // answer budget; the reply then sends that text instead of serialising it all at once.
    // Filter values written inline are made strings before the document is validated.
    scope.graphql.addHook('preValidation', async (schema, document) => normaliseFilterLiterals(schema, document));
    scope.graphql.addHook('onResolution', async (execution, context) => {
      await (context as OperationContext).budget?.record(execution);
    });
    scope.addHook('preSerialization', async (request, reply, payload) => {
      const budget = request.graphqlBudget;
      if (!budget) return payload;
      if (budget.over) {
        const error = budget.tooLarge();
        request.log.info({ code: error.code }, 'GraphQL answer refused');
        const { zh, en } = error.texts;
        const refusal = {
          data: null,
          errors: [{ message: zh, extensions: { code: error.code, msg: zh, msg_en: en } }],
        };
        reply.code(400);
        return Array.isArray(payload) ? payload.map(() => refusal) : refusal;
      }
      const text = budget.textOf(payload);
      if (text !== null) reply.serializer(() => text);
      return payload;
    });
  });
}
