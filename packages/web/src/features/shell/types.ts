export type { AccountMe, Feature } from '@charter/domain';
