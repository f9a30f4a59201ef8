export * from './field-types.ts';
