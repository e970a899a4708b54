/** Every table, for drizzle-kit and for typed queries. */
export * from '../modules/tenants/tenants.tables.ts';
export * from '../modules/settings/settings.tables.ts';
export * from '../modules/directory/directory.tables.ts';
export * from '../modules/code-tables/code-tables.tables.ts';
export * from '../modules/notices/notices.tables.ts';
export * from '../modules/instructions/instructions.tables.ts';
export * from '../modules/review-addresses/review-addresses.tables.ts';
export * from '../modules/collection-config/collection-config.tables.ts';
export * from '../modules/resource-types/resource-types.tables.ts';
export * from '../modules/resources/resources.tables.ts';
export * from '../modules/rules/rules.tables.ts';
export * from '../modules/occupancy/occupancy.tables.ts';
export * from '../modules/booking/booking.tables.ts';
export * from '../modules/booking/booking.approval.tables.ts';
export * from '../platform/audit/audit.tables.ts';
export * from '../platform/files/files.tables.ts';
export * from '../platform/auth/oidc.tables.ts';
