import type { RequestContext } from '../context.ts';
import type { Resolvers as AppsYySysResolvers } from './generated/apps_yy_sys.ts';
import type { Resolvers as IamResolvers } from './generated/iam.ts';
import type { Resolvers as PublicResolvers } from './generated/public.ts';

/** The GraphQL endpoints, each served at `/bus/graphql/<name>`. */
export const endpointNames = ['apps_yy_sys', 'iam', 'public'] as const;
export type EndpointName = (typeof endpointNames)[number];

/**
 * Who may call an operation: anyone, a signed-in user of the directory (not a visitor), a
 * registered visitor, an administrator, or an administrator of the super tenant.
 */
export type Access = 'anonymous' | 'user' | 'visitor' | 'admin' | 'superAdmin';

export interface GqlContext {
  ctx: RequestContext;
}

/** Each endpoint's resolver map, typed by graphql-codegen from its schema (`generated/<endpoint>.ts`). */
export interface EndpointResolvers {
  apps_yy_sys: AppsYySysResolvers;
  iam: IamResolvers;
  public: PublicResolvers;
}

/**
 * A module's part of one endpoint: its SDL and resolvers, typed by that endpoint's generated
 * types. `GraphqlContribution` alone is a contribution to any endpoint.
 */
export type GraphqlContribution<E extends EndpointName = EndpointName> = {
  [K in E]: { endpoint: K; typeDefs: string; resolvers: EndpointResolvers[K] };
}[E];
