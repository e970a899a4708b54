import {
  GraphQLError,
  getNamedType,
  isListType,
  isNonNullType,
  type ASTVisitor,
  type FieldNode,
  type GraphQLOutputType,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

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

const DEFAULT_LIST_SIZE = 20;

function isList(type: GraphQLOutputType): boolean {
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner);
}

function isConnection(type: GraphQLOutputType): boolean {
  const named = getNamedType(type);
  return 'getFields' in named && 'edges' in named.getFields() && 'pageInfo' in named.getFields();
}

/**
 * Refuses a document whose estimated cost exceeds `max`. Each field costs 1; a list or
 * connection multiplies its selection by its `first` argument (or a default size).
 */
export function maxCostRule(max: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const multipliers: number[] = [1];
    let cost = 0;
    let reported = false;
    return {
      Field: {
        enter(node: FieldNode) {
          const parent = multipliers[multipliers.length - 1] ?? 1;
          cost += parent;
          const def = context.getFieldDef();
          const parentType = context.getParentType();
          // A connection's page size already counts for its edges: they are not multiplied again.
          const edgesOfConnection =
            node.name.value === 'edges' && parentType !== null && isConnection(parentType as GraphQLOutputType);
          let factor = 1;
          if (def && !edgesOfConnection && (isList(def.type) || isConnection(def.type))) {
            const first = node.arguments?.find((a) => a.name.value === 'first');
            const literal = first && first.value.kind === 'IntValue' ? Number(first.value.value) : NaN;
            factor = Number.isFinite(literal) && literal > 0 ? literal : DEFAULT_LIST_SIZE;
          }
          multipliers.push(parent * factor);
          if (!reported && cost > max) {
            reported = true;
            context.reportError(new GraphQLError(`Query cost exceeds ${max}`, { nodes: [node] }));
          }
        },
        leave() {
          multipliers.pop();
        },
      },
    };
  };
}
