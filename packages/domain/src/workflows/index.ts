export * from './documents.ts';
export * from './field-types.ts';
export * from './questionnaire.ts';
export * from './statuses.ts';
