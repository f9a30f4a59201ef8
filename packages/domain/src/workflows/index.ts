export * from './contract.ts';
export * from './contract-answers.ts';
export * from './contract-documents.ts';
export * from './contract-team.ts';
export * from './documents.ts';
export * from './field-types.ts';
export * from './questionnaire.ts';
export * from './statuses.ts';
