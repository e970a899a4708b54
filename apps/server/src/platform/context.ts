import type { EffectiveGrant } from '@yuyue/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';

/** `visitor`: a registered visitor (modules/visitors), who reaches visitor operations only. */
export type Role = 'user' | 'admin' | 'visitor';

/** The tenant a request acts in. */
export interface TenantRef {
  id: string;
  key: string;
  timeZone: string;
  isSuper: boolean;
}

/** The signed-in user, taken from the access token and the directory, never from input. */
export interface AuthUser {
  id: string;
  account: string;
  name: string;
  role: Role;
  tenantId: string;
  /**
   * The application roles the user holds through permission grants (docs/GLOSSARY.md
   * "Grants"), read with the user on each request (cached like the role, forgotten on every
   * change). Absent where a user is made up without the directory (tests, jobs): no grants.
   */
  grants?: readonly EffectiveGrant[];
}

/** What every service function receives first. */
export interface RequestContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  tenant: TenantRef | null;
  user: AuthUser | null;
  /** Client IP, for the operate log. */
  ip: string;
}

/** The caller's tenant and user, or UNAUTHENTICATED when the request is anonymous. */
export function requireUser(ctx: RequestContext): { tenant: TenantRef; user: AuthUser } {
  if (!ctx.tenant || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return { tenant: ctx.tenant, user: ctx.user };
}
