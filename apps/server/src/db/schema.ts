/** Every table, for drizzle-kit and for typed queries. */
export * from '../modules/tenants/tenants.tables.ts';
export * from '../modules/settings/settings.tables.ts';
export * from '../modules/directory/directory.tables.ts';
export * from '../platform/audit/audit.tables.ts';
export * from '../platform/files/files.tables.ts';
export * from '../platform/auth/oidc.tables.ts';
