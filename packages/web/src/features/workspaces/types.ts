import type { AccountView, NewAccountBody } from '@charter/domain';

/** One entry of GET /api/user/accounts. */
export type Workspace = AccountView;
export type NewWorkspace = NewAccountBody;
