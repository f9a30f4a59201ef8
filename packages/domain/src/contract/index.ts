export * from './common.ts';
export * from './responses.ts';
