import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

function parseDate(value: unknown): number | string {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    if (/^-?\d+$/.test(value)) return Number(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  }
  throw new GraphQLError('Date must be epoch milliseconds or "YYYY-MM-DD"');
}

/** `Date`: epoch ms of local midnight on the wire; "YYYY-MM-DD" accepted as input. */
export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  serialize(value) {
    if (value instanceof Date) return value.getTime();
    return parseDate(value);
  },
  parseValue: parseDate,
  parseLiteral(ast) {
    if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return Number(ast.value);
    if (ast.kind === Kind.STRING) return parseDate(ast.value);
    throw new GraphQLError('Date must be epoch milliseconds or "YYYY-MM-DD"');
  },
});
