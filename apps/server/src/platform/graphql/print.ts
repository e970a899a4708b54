import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { graphqlContributions } from '../../modules/index.ts';
import { buildEndpoint } from './endpoint.ts';
import { endpointNames, type EndpointName } from './types.ts';

/** An endpoint's schema, sorted: the source of its printed schema and of its generated resolver types. */
export function sortedSchema(name: EndpointName): GraphQLSchema {
  return lexicographicSortSchema(buildEndpoint(name, graphqlContributions).schema);
}

/** The printed schema of each endpoint, sorted, as committed under apps/server/schema. */
export function printedSchemas(): Record<EndpointName, string> {
  return Object.fromEntries(endpointNames.map((name) => [name, `${printSchema(sortedSchema(name))}\n`])) as Record<
    EndpointName,
    string
  >;
}
