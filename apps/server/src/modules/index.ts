import type { GraphqlContribution } from '../platform/graphql/types.ts';
import { tenantsGraphql } from './tenants/tenants.resolvers.ts';

/** Every module's GraphQL contributions, in one list the endpoints are built from. */
export const graphqlContributions: GraphqlContribution[] = [tenantsGraphql];
