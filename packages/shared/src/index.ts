export * from './errors.ts';
export * from './http-messages.ts';
export * from './time.ts';
export * from './tenants.ts';
export * from './settings.ts';
export * from './logs.ts';
export * from './code-tables.ts';
export * from './notices.ts';
