import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphqlContributions } from '../../modules/index.ts';
import { generatedFile, generatedResolverTypes } from './codegen.ts';
import { buildEndpoint } from './endpoint.ts';
import { policy } from './policy.ts';
import { printedSchemas } from './print.ts';
import { endpointNames } from './types.ts';

const schemaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schema');

describe('GraphQL contract', () => {
  it.each(endpointNames)(
    'the committed schema of %s matches the code (run `npm run schema:print` after a deliberate change)',
    (name) => {
      const committed = fs.readFileSync(path.join(schemaDir, `${name}.graphql`), 'utf8');
      expect(printedSchemas()[name]).toBe(committed);
    },
  );

  it('the committed resolver types match what graphql-codegen generates now (run `npm run schema:print`)', async () => {
    const generated = await generatedResolverTypes();
    for (const name of endpointNames) {
      expect(generated[name], `generated/${name}.ts`).toBe(fs.readFileSync(generatedFile(name), 'utf8'));
    }
  });

  it.each(endpointNames)('every operation of %s has a policy entry and every entry an operation', (name) => {
    const schema = buildEndpoint(name, graphqlContributions).schema;
    const ops = new Set<string>();
    for (const root of ['Query', 'Mutation']) {
      const type = schema.getType(root);
      if (isObjectType(type)) for (const field of Object.keys(type.getFields())) ops.add(`${root}.${field}`);
    }
    const entries = Object.keys(policy[name]);
    expect([...ops].filter((op) => !policy[name][op] || policy[name][op].length === 0)).toEqual([]);
    expect(entries.filter((op) => !ops.has(op))).toEqual([]);
  });

  it('refuses to build an endpoint with an operation that has no policy entry', () => {
    expect(() =>
      buildEndpoint('public', [
        {
          endpoint: 'public',
          typeDefs: 'extend type Query { unguarded: String }',
          resolvers: { Query: { unguarded: () => 'x' } },
        },
      ]),
    ).toThrow(/Query.unguarded has no entry in the authorization policy/);
  });

  it('refuses to build an endpoint with a resolver for a field its schema lacks', () => {
    expect(() =>
      buildEndpoint('public', [
        { endpoint: 'public', typeDefs: '', resolvers: { Query: { findSysSetting: () => null } } },
      ]),
    ).toThrow(/public: Query has no field findSysSetting/);
  });
});
