export * from './constants.ts';
export * from './contract.ts';
export * from './state-fees.ts';
