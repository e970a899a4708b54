import {
  Kind,
  getNamedType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  typeFromAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { AppError } from '../errors.ts';

/**
 * Filter values as existing clients send them (api-contract 4): a column's `eq`/`in` value comes
 * as a string or a number for the same column (`state: {eq: 0}`, `audit_status: {in: [0, 2]}`),
 * and dates unpadded (`"2026-3-7"`). Every filter map's columns are `StringFilter`s; before the
 * document is validated and the variables coerced, the values of a `StringFilter` are made the
 * strings the services read: numbers and booleans written out, dates padded. Anything else in
 * a filter's place (an object, a list where one value goes) stays as it was and is refused by
 * GraphQL's own checks, as HTTP 400 whether it came inline or as a variable.
 */
const FILTER_TYPE = 'StringFilter';
const LIST_OPERATOR = 'in';

/** One filter value as a string where it is a number, a boolean or an unpadded date; else as it is. */
export function filterValue(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return padDate(value);
  return value;
}

/** "2026-3-7" as "2026-03-07"; any other text as it is. */
function padDate(value: string): string {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : value;
}

/** A literal filter value node made a string node, in place (the document is about to be validated). */
function fixLiteral(node: ValueNode): void {
  const n = node as { kind: Kind; value?: unknown; block?: boolean };
  if (n.kind === Kind.INT || n.kind === Kind.FLOAT) {
    n.kind = Kind.STRING;
    n.block = false;
  } else if (n.kind === Kind.BOOLEAN) {
    n.kind = Kind.STRING;
    n.value = String(n.value);
    n.block = false;
  } else if (n.kind === Kind.STRING) {
    n.value = padDate(String(n.value));
  }
}

function unwrap(type: GraphQLInputType): GraphQLInputType {
  return isNonNullType(type) ? (type.ofType as GraphQLInputType) : type;
}

/** Walks a literal argument value along its input type, fixing the values of every StringFilter. */
function walkLiteral(type: GraphQLInputType, node: ValueNode): void {
  const t = unwrap(type);
  if (isListType(t)) {
    if (node.kind === Kind.LIST) for (const item of node.values) walkLiteral(t.ofType as GraphQLInputType, item);
    else walkLiteral(t.ofType as GraphQLInputType, node);
    return;
  }
  if (!isInputObjectType(t) || node.kind !== Kind.OBJECT) return;
  const fields = t.getFields();
  for (const field of node.fields) {
    if (t.name === FILTER_TYPE) {
      if (field.value.kind === Kind.LIST && field.name.value === LIST_OPERATOR) field.value.values.forEach(fixLiteral);
      else fixLiteral(field.value);
    } else {
      const def = fields[field.name.value];
      if (def) walkLiteral(def.type, field.value);
    }
  }
}

/** Fixes, in place, the literal filter values of every field argument the document selects. */
export function normaliseFilterLiterals(schema: GraphQLSchema, document: DocumentNode): void {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const seen = new Set<string>();
  const walkSelections = (parent: GraphQLNamedType | null | undefined, set: SelectionSetNode | undefined) => {
    if (!set || !parent || !(isObjectType(parent) || isInterfaceType(parent))) return;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const field = parent.getFields()[sel.name.value];
        if (!field) continue;
        for (const arg of sel.arguments ?? []) {
          const def = field.args.find((a) => a.name === arg.name.value);
          if (def) walkLiteral(def.type, arg.value);
        }
        walkSelections(getNamedType(field.type), sel.selectionSet);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const on = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent;
        walkSelections(on, sel.selectionSet);
      } else if (!seen.has(sel.name.value)) {
        seen.add(sel.name.value);
        const fragment = fragments.get(sel.name.value);
        if (fragment) walkSelections(schema.getType(fragment.typeCondition.name.value), fragment.selectionSet);
      }
    }
  };
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const root =
      def.operation === 'query'
        ? schema.getQueryType()
        : def.operation === 'mutation'
          ? schema.getMutationType()
          : schema.getSubscriptionType();
    walkSelections(root, def.selectionSet);
    for (const variable of def.variableDefinitions ?? []) {
      const type = typeFromAST(schema, variable.type as never) as GraphQLInputType | undefined;
      if (type && variable.defaultValue) walkLiteral(type, variable.defaultValue);
    }
  }
}

/** Whether values of an input type can hold a StringFilter (memoised per type: the schema is fixed). */
const reachesFilterMemo = new WeakMap<GraphQLNamedType, boolean>();
function reachesFilter(type: GraphQLInputType): boolean {
  const named = getNamedType(type);
  if (named.name === FILTER_TYPE) return true;
  if (!isInputObjectType(named)) return false;
  let reaches = reachesFilterMemo.get(named);
  if (reaches === undefined) {
    // every input type reachable from this one (input types may refer to each other in cycles)
    const seen = new Set<GraphQLNamedType>([named]);
    const pending = [named];
    reaches = false;
    while (pending.length && !reaches) {
      for (const field of Object.values(pending.pop()!.getFields())) {
        const inner = getNamedType(field.type);
        if (inner.name === FILTER_TYPE) reaches = true;
        else if (isInputObjectType(inner) && !seen.has(inner)) {
          seen.add(inner);
          pending.push(inner);
        }
      }
    }
    reachesFilterMemo.set(named, reaches);
  }
  return reaches;
}

/** Walks a variable's value along its input type, returning it with every StringFilter's values fixed. */
function walkValue(type: GraphQLInputType, value: unknown): unknown {
  const t = unwrap(type);
  if (value === null || value === undefined || !reachesFilter(t)) return value;
  if (isListType(t)) {
    const item = t.ofType as GraphQLInputType;
    return Array.isArray(value) ? value.map((v) => walkValue(item, v)) : walkValue(item, value);
  }
  if (!isInputObjectType(t) || typeof value !== 'object' || Array.isArray(value)) return value;
  const fields = t.getFields();
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (t.name === FILTER_TYPE) {
      if (key === LIST_OPERATOR && Array.isArray(v)) out[key] = v.map(filterValue);
      else if (v !== null && typeof v === 'object') throw new AppError('INVALID_INPUT', { detail: `filter ${key}` });
      else out[key] = filterValue(v);
    } else {
      const def = fields[key];
      out[key] = def ? walkValue(def.type, v) : v;
    }
  }
  return out;
}

/**
 * The variables of an operation with the values of every StringFilter they carry fixed (a new
 * object; the given one is not changed). Throws INVALID_INPUT for an object or list where a
 * filter takes one value, so that it is refused with the same 400 as the same value inline.
 */
export function normaliseFilterVariables(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null,
  variables: Record<string, unknown>,
): Record<string, unknown> {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) return variables;
  let out: Record<string, unknown> | null = null;
  for (const variable of operation.variableDefinitions ?? []) {
    const name = variable.variable.name.value;
    if (!(name in variables)) continue;
    const type = typeFromAST(schema, variable.type as never) as GraphQLInputType | undefined;
    if (!type || !isInputObjectType(getNamedType(type)) || !reachesFilter(type)) continue;
    out ??= { ...variables };
    out[name] = walkValue(type, variables[name]);
  }
  return out ?? variables;
}
