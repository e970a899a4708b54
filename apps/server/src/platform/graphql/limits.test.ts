import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { maxAliasesRule, maxCostRule } from './limits.ts';

const schema = buildSchema(`
  type Dept { id: ID name: String }
  type Position { dept: Dept post: Dept }
  type User { id: ID positions: [Position] }
  type UserEdge { node: User cursor: String }
  type PageInfo { hasNextPage: Boolean }
  type UserConnection { edges: [UserEdge] pageInfo: PageInfo totalCount: Int }
  type Query { users(first: Int): UserConnection tags: [String] one: String }
`);

const cost = (doc: string, max: number) => validate(schema, parse(doc), [maxCostRule(max)]);

describe('query cost limit', () => {
  it('counts a connection by its page size once, not again for its edges', () => {
    const doc = '{ users(first: 10) { totalCount edges { node { id positions { dept { id name } } } } } }';
    // users 1 + totalCount 10 + edges 10 + node 10 + id 10 + positions 10 + dept 200 + id 200 + name 200 = 651
    expect(cost(doc, 651)).toEqual([]);
    expect(cost(doc, 650)).toHaveLength(1);
  });

  it('uses a default page size of 20 when first is absent', () => {
    expect(cost('{ tags }', 1)).toEqual([]);
    expect(cost('{ users { edges { node { id } } } }', 61)).toEqual([]);
    expect(cost('{ users { edges { node { id } } } }', 60)).toHaveLength(1);
  });
});

describe('alias limit', () => {
  it('allows up to the limit and refuses one more', () => {
    expect(validate(schema, parse('{ a: one b: one }'), [maxAliasesRule(2)])).toEqual([]);
    expect(validate(schema, parse('{ a: one b: one c: one }'), [maxAliasesRule(2)])).toHaveLength(1);
  });
});
