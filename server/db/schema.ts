/** The one pg-core schema: every module's tables, re-exported. */
export * from '../modules/tenants/tenants.table.ts';
export * from '../modules/users/users.table.ts';
export * from '../modules/auth/auth.table.ts';
