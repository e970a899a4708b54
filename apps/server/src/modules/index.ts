import type { GraphqlContribution } from '../platform/graphql/types.ts';
import { tenantsGraphql } from './tenants/tenants.resolvers.ts';
import { settingsGraphql, settingsPublicGraphql } from './settings/settings.resolvers.ts';
import { logsGraphql } from './logs/logs.resolvers.ts';
import { avatarAppsGraphql, avatarIamGraphql, directoryGraphql } from './directory/directory.resolvers.ts';

/** Every module's GraphQL contributions, in one list the endpoints are built from. */
export const graphqlContributions: GraphqlContribution[] = [
  tenantsGraphql,
  settingsGraphql,
  settingsPublicGraphql,
  logsGraphql,
  directoryGraphql,
  avatarIamGraphql,
  avatarAppsGraphql,
];
