import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  LIST_MAX_DEFAULT,
  OPERATION_COST,
  clampFirst,
  documentCost,
  hasNulLiteral,
  listLimitOf,
  listLimits,
  maxAliasesRule,
} from './limits.ts';

const schema = buildSchema(`
  type Dept { id: ID name: String }
  type Position { dept: Dept post: Dept }
  type User { id: ID positions: [Position] }
  type UserEdge { node: User cursor: String }
  type PageInfo { hasNextPage: Boolean }
  type UserConnection { edges: [UserEdge] pageInfo: PageInfo totalCount: Int }
  type Resource { id: ID describe: String }
  type Query {
    users(first: Int): UserConnection
    tags: [String]
    one: String
    findNoticeAll(first: Int): UserConnection
    findResourcesAllByAccount(first: Int): [Resource]
  }
`);

const cost = (doc: string, variables: Record<string, unknown> = {}, operationName?: string) =>
  documentCost(schema, 'apps_yy_sys', parse(doc), variables, operationName);

describe('query cost', () => {
  it('counts a connection by its page size once, not again for its edges', () => {
    // users 1 + totalCount 10 + edges 10 + node 10 + id 10 + positions 10 + (a child list of 5) dept 50 + id 50 + name 50
    expect(cost('{ users(first: 10) { totalCount edges { node { id positions { dept { id name } } } } } }')).toBe(
      201 + OPERATION_COST,
    );
  });

  it('counts a root list without first as a page of 20, a child list as 5', () => {
    expect(cost('{ tags }')).toBe(1 + OPERATION_COST);
    expect(cost('{ users { edges { node { id } } } }')).toBe(61 + OPERATION_COST);
    expect(cost('{ users(first: 2) { edges { node { positions { dept { id } } } } } }')).toBe(
      1 + 2 + 2 + 2 + 10 + 10 + OPERATION_COST,
    );
  });

  it('reads first from variables, as it reads a literal', () => {
    const doc = 'query q($n: Int) { users(first: $n) { edges { node { id } } } }';
    expect(cost(doc, { n: 50 })).toBe(cost('{ users(first: 50) { edges { node { id } } } }'));
    expect(cost(doc, {})).toBe(cost('{ users { edges { node { id } } } }'));
  });

  it('counts first as the operation will serve it: clamped to its page limit', () => {
    const at = (n: number) => cost(`{ users(first: ${n}) { edges { node { id } } } }`);
    expect(at(100_000)).toBe(at(LIST_MAX_DEFAULT));
    // The notice pop-up's 999 is a documented maximum (spec 9).
    const notices = (n: number) => cost(`{ findNoticeAll(first: ${n}) { edges { node { id } } } }`);
    expect(notices(999)).toBe(1 + 3 * 999 + OPERATION_COST);
    expect(notices(5000)).toBe(notices(999));
  });

  it('adds the rows an operation reads whatever its page, and its base cost per alias', () => {
    const reads = listLimits.apps_yy_sys['Query.findResourcesAllByAccount']!.reads!;
    expect(cost('{ findResourcesAllByAccount(first: 200) { describe } }')).toBe(1 + 200 + OPERATION_COST + reads);
    const aliases = `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: findResourcesAllByAccount(first: 200) { describe }`).join(' ')} }`;
    expect(cost(aliases)).toBe(30 * (1 + 200 + OPERATION_COST + reads));
  });

  it('counts fragments where they are spread, and only the operation asked for', () => {
    const doc = `
      query a { users(first: 10) { edges { node { ...u } } } }
      query b { one }
      fragment u on User { id positions { dept { id } } }`;
    expect(cost(doc, {}, 'a')).toBe(cost('{ users(first: 10) { edges { node { id positions { dept { id } } } } } }'));
    expect(cost(doc, {}, 'b')).toBe(1 + OPERATION_COST);
  });

  it('stays finite on a fragment cycle (validation refuses it)', () => {
    const doc = '{ users { edges { node { ...a } } } } fragment a on User { positions { dept { id } } ...a }';
    expect(Number.isFinite(cost(doc))).toBe(true);
  });
});

describe('page limits', () => {
  it('clamps first to the declared maximum, 100 by default', () => {
    expect(listLimitOf('apps_yy_sys', 'Query.findNoticeAll').max).toBe(999);
    expect(listLimitOf('apps_yy_sys', 'Query.findResourcesAllByAccount').max).toBe(500);
    expect(listLimitOf('iam', 'Query.users').max).toBe(LIST_MAX_DEFAULT);
    const limit = { max: 100 };
    expect(clampFirst(250, limit)).toBe(100);
    expect(clampFirst(100, limit)).toBe(100);
    expect(clampFirst(7, limit)).toBe(7);
    expect(clampFirst(undefined, limit)).toBeNull();
    expect(clampFirst('9', limit)).toBeNull();
  });
});

describe('alias limit', () => {
  it('allows up to the limit and refuses one more', () => {
    expect(validate(schema, parse('{ a: one b: one }'), [maxAliasesRule(2)])).toEqual([]);
    expect(validate(schema, parse('{ a: one b: one c: one }'), [maxAliasesRule(2)])).toHaveLength(1);
  });
});

describe('NUL in literals', () => {
  it('finds a NUL character in any string literal, escaped or in a block string', () => {
    expect(hasNulLiteral(parse('{ one(x: "a\\u0000b") }'))).toBe(true);
    expect(hasNulLiteral(parse('{ one(x: { y: ["ok", "\\u0000"] }) }'))).toBe(true);
    expect(hasNulLiteral(parse('{ one(x: "a\\\\u0000b") }'))).toBe(false);
    expect(hasNulLiteral(parse('{ one(x: "plain") }'))).toBe(false);
  });
});
