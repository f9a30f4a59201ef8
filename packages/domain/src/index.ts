export * from './accounts/contract.ts';
export * from './answers/index.ts';
export * from './contract/index.ts';
export * from './rules/index.ts';
export * from './workflows/index.ts';
