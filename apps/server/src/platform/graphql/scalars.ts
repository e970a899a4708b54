import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { errorTexts } from '@yuyue/shared';

/** The range a Date may take: 1900-01-01 to 9999-12-31 (UTC), what PostgreSQL and the wire format both hold. */
const MIN_MS = Date.UTC(1900, 0, 1);
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function invalid(value: unknown): GraphQLError {
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value).slice(0, 40);
  const detail = `Date ${shown}: epoch milliseconds between 1900 and 9999, or "YYYY-MM-DD"`;
  const { zh, en } = errorTexts('INVALID_INPUT', { detail });
  return new GraphQLError(en, { extensions: { code: 'INVALID_INPUT', msg: zh, msg_en: en } });
}

// A "YYYY-MM-DD" that names no day (2026-02-30) passes here: the operation refuses it in its
// own result shape (BOOKING_DATE_INVALID), as clients of the original see it.
function parseDate(value: unknown): number | string {
  if (typeof value === 'number') {
    if (Number.isFinite(value) && value >= MIN_MS && value <= MAX_MS) return value;
    throw invalid(value);
  }
  if (typeof value === 'string') {
    if (/^-?\d+$/.test(value)) return parseDate(Number(value));
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  }
  throw invalid(value);
}

/**
 * `Date`: epoch ms of local midnight on the wire; "YYYY-MM-DD" accepted as input. Epoch ms no
 * date can have (1e20, beyond what Date holds) are refused as INVALID_INPUT, not left to fail
 * in a service as "Invalid time value".
 */
export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  serialize(value) {
    if (value instanceof Date) return value.getTime();
    return parseDate(value);
  },
  parseValue: parseDate,
  parseLiteral(ast) {
    if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return parseDate(Number(ast.value));
    if (ast.kind === Kind.STRING) return parseDate(ast.value);
    throw invalid(ast.kind);
  },
});
