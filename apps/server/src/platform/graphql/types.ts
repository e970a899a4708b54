import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../context.ts';

/** The GraphQL endpoints, each served at `/bus/graphql/<name>`. */
export const endpointNames = ['apps_yy_sys', 'iam', 'public'] as const;
export type EndpointName = (typeof endpointNames)[number];

/** Who may call an operation: anyone, a signed-in user, an administrator, or an administrator of the super tenant. */
export type Access = 'anonymous' | 'user' | 'admin' | 'superAdmin';

export interface GqlContext {
  ctx: RequestContext;
}

/** A module's part of one endpoint: its SDL and resolvers. */
export interface GraphqlContribution {
  endpoint: EndpointName;
  typeDefs: string;
  resolvers: IResolvers<unknown, GqlContext>;
}
