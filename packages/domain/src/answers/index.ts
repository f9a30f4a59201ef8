export * from './answer-rules.ts';
export * from './company-names.ts';
export * from './dates.ts';
export * from './money.ts';
export * from './share-links.ts';
export * from './ssn.ts';
export * from './validators.ts';
export * from './values.ts';
