export * from './accounts.ts';
export * from './brands.ts';
export * from './codes.ts';
export * from './live.ts';
export * from './system.ts';
export * from './templates.ts';
export * from './users.ts';
export * from './workflows.ts';
