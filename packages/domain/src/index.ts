export * from './answers/index.ts';
export * from './rules/index.ts';
export * from './workflows/index.ts';
