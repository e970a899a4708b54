import {
  GraphQLError,
  Kind,
  TypeInfo,
  getNamedType,
  getOperationAST,
  isListType,
  isNonNullType,
  visit,
  visitWithTypeInfo,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type GraphQLOutputType,
  type GraphQLSchema,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import { CODES_PAGE_MAX, NOTICE_PAGE_MAX, OPERATE_LOG_PAGE_MAX } from '@yuyue/shared';
import type { EndpointName } from './types.ts';

/** Refuses a document with more than `max` aliased fields (alias flooding multiplies work). */
export function maxAliasesRule(max: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let count = 0;
    return {
      Field(node: FieldNode) {
        if (node.alias && ++count === max + 1) {
          context.reportError(new GraphQLError(`Query has more than ${max} aliases`, { nodes: [node] }));
        }
      },
    };
  };
}

/** Largest `first` of a list operation that declares none (larger values are clamped to it). */
export const LIST_MAX_DEFAULT = 100;

/** How many items a root list without `first` is counted as (most services' default page). */
const DEFAULT_PAGE_SIZE = 20;

/**
 * How many items a nested list is counted as: a row's own child lists (a resource's slots,
 * weekdays, images, roles), which are short and not paged. Counting them as pages of 20 made
 * the contract's resource document cost five times what it does.
 */
const CHILD_LIST_SIZE = 5;

/**
 * What one root operation costs before any of its fields: a transaction with its round trips.
 * A request of 1,000 trivial operations is as much work as a document of 10,000 fields.
 */
export const OPERATION_COST = 10;

/** A list operation's declared page limits. */
export interface ListLimit {
  /** Largest `first` served; a larger one is clamped to it. */
  max: number;
  /** Items answered when `first` is absent (the service's default page). */
  absent?: number;
  /**
   * Rows the operation reads whatever its page: it filters and sorts the whole visible set in
   * memory before paging, so that set counts once, on top of the page's selection.
   */
  reads?: number;
}

/**
 * The operations that document a page larger than LIST_MAX_DEFAULT, in one place. Each is
 * what existing clients send: the notice pop-up's 999 (spec 9), the web app's resource lists
 * (500: search, home, sign desk, pickers), the back office's 200-row pages and exports.
 */
export const listLimits: Record<EndpointName, Record<string, ListLimit>> = {
  apps_yy_sys: {
    'Query.findNoticeAll': { max: NOTICE_PAGE_MAX },
    // Filters and sorts every visible resource, with its child lists, before paging: 500 rows at 4 each.
    'Query.findResourcesAllByAccount': { max: 500, absent: 500, reads: 2000 },
    'Query.findResourcesAll': { max: 500 },
    'Query.findAppointmentInformationAllForAppointMent': { max: 200 },
    'Query.findAppointmentSignAll': { max: 200 },
    'Query.findCodesAll': { max: CODES_PAGE_MAX },
    'Query.findResourcesRuleTemplateAll': { max: 200 },
    'Query.findOperateLogAll': { max: OPERATE_LOG_PAGE_MAX },
  },
  iam: {},
  public: {},
};

/** The page limits of a root operation (`Query.name`): declared, or the default cap. */
export function listLimitOf(endpoint: EndpointName, op: string): ListLimit {
  return listLimits[endpoint][op] ?? { max: LIST_MAX_DEFAULT };
}

/** `first` as the operation will serve it: clamped to its maximum; null when absent or not a number. */
export function clampFirst(first: unknown, limit: ListLimit): number | null {
  if (typeof first !== 'number' || !Number.isFinite(first)) return null;
  return first > limit.max ? limit.max : first;
}

function isList(type: GraphQLOutputType): boolean {
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner);
}

function isConnection(type: GraphQLOutputType): boolean {
  const named = getNamedType(type);
  return 'getFields' in named && 'edges' in named.getFields() && 'pageInfo' in named.getFields();
}

function intOf(value: ValueNode | undefined, variables: Record<string, unknown>): number | null {
  if (!value) return null;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  return null;
}

/**
 * The estimated cost of the operation a request runs from `document`: each field costs 1 per
 * item of the lists above it; a list or connection multiplies its selection by its `first`
 * (literal or variable, clamped as the operation will clamp it; absent: the operation's
 * default page); each root operation adds OPERATION_COST and the rows it reads whatever its
 * page. Fragments count where they are spread. Unknown fields count 1 (validation refuses them).
 */
export function documentCost(
  schema: GraphQLSchema,
  endpoint: EndpointName,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string | null,
): number {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return 0;
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])),
  );
  const rootName = operation.operation === 'mutation' ? 'Mutation' : 'Query';
  const typeInfo = new TypeInfo(schema);
  const multipliers: number[] = [1];
  const spreading: string[] = [];
  let cost = 0;
  const visitor: ASTVisitor = {
    FragmentSpread(node) {
      const fragment = fragments.get(node.name.value);
      // A cycle is a validation error; counting it once keeps the estimate finite meanwhile.
      if (!fragment || spreading.includes(node.name.value)) return;
      spreading.push(node.name.value);
      visit(fragment.selectionSet, visitWithTypeInfo(typeInfo, visitor));
      spreading.pop();
    },
    Field: {
      enter(node) {
        const parent = multipliers[multipliers.length - 1] ?? 1;
        const def = typeInfo.getFieldDef();
        const parentType = typeInfo.getParentType();
        const isRoot = multipliers.length === 1 && parentType?.name === rootName;
        const limit = isRoot ? listLimitOf(endpoint, `${rootName}.${node.name.value}`) : undefined;
        cost += parent + (isRoot ? OPERATION_COST + (limit?.reads ?? 0) : 0);
        // A connection's page size already counts for its edges: they are not multiplied again.
        const edgesOfConnection =
          node.name.value === 'edges' && parentType !== null && isConnection(parentType as GraphQLOutputType);
        let factor = 1;
        if (def && !edgesOfConnection && (isList(def.type) || isConnection(def.type))) {
          const first = intOf(node.arguments?.find((a) => a.name.value === 'first')?.value, variables);
          const clamped = limit && first !== null ? clampFirst(first, limit) : first;
          factor =
            clamped !== null && clamped > 0 ? clamped : isRoot ? (limit?.absent ?? DEFAULT_PAGE_SIZE) : CHILD_LIST_SIZE;
        }
        multipliers.push(parent * factor);
      },
      leave() {
        multipliers.pop();
      },
    },
  };
  // The root type's info comes from the operation node; fragments reuse the same TypeInfo.
  visit(operation, visitWithTypeInfo(typeInfo, visitor));
  return cost;
}

/** Whether any string literal of the document holds a NUL character (PostgreSQL text cannot store one). */
export function hasNulLiteral(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    StringValue(node) {
      if (node.value.includes('\u0000')) found = true;
    },
  });
  return found;
}
