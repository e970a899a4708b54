import type { Executor } from '../../db/client.ts';
import type { AuthUser } from '../../platform/context.ts';
import { definePort } from '../../platform/port.ts';

/**
 * What the directory asks of the resources: which ids name resources or resource types (the
 * objects of a grant), whose bookings a resource administrator has (contact details), and
 * whether a user administers any resource. The booking module provides it at composition
 * (booking.resolvers.ts, from resources, resource types and bookings), so that the directory,
 * below them, never imports them.
 */
export interface DirectoryResources {
  /** Which of `ids` are (not deleted) resources of the tenant. */
  existingResourceIds(tx: Executor, tenantId: string, ids: string[]): Promise<Set<string>>;
  /** Which of `ids` are (not deleted) resource types of the tenant. */
  existingResourceTypeIds(tx: Executor, tenantId: string, ids: string[]): Promise<Set<string>>;
  /** The accounts among `accounts` that have booked a resource `user` administers. */
  bookersManagedBy(tx: Executor, tenantId: string, user: AuthUser, accounts: readonly string[]): Promise<Set<string>>;
  /** Whether `user` administers any resource of the tenant, for any purpose. */
  managesAnyResource(tx: Executor, tenantId: string, user: AuthUser): Promise<boolean>;
}

const resources = definePort<DirectoryResources>('directory resources', 'booking');

/** Registers the resources' side (the same one again replaces it). */
export const provideDirectoryResources = resources.provide;

/** The registered resources' side. */
export const directoryResources = resources.use;
