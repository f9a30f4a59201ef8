import type { Feature } from '../shell/types.ts';

/** One entry of GET /api/user/accounts (docs/api.md). */
export type Workspace = {
  id: number;
  name: string;
  company_name: string;
  role_id: number | null;
  is_admin: boolean;
  preferred: boolean;
  account_order: number;
  logo_url: string | null;
  features: Feature[];
  created_at: string;
};

export type NewWorkspace = { company_name: string; features: Feature[] };
