import { lexicographicSortSchema, printSchema } from 'graphql';
import { graphqlContributions } from '../../modules/index.ts';
import { buildEndpoint } from './endpoint.ts';
import { endpointNames, type EndpointName } from './types.ts';

/** The printed schema of each endpoint, sorted, as committed under apps/server/schema. */
export function printedSchemas(): Record<EndpointName, string> {
  return Object.fromEntries(
    endpointNames.map((name) => [
      name,
      `${printSchema(lexicographicSortSchema(buildEndpoint(name, graphqlContributions).schema))}\n`,
    ]),
  ) as Record<EndpointName, string>;
}
