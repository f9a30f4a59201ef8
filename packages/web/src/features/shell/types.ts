export type Feature = { feature_type_id: number; value: string };

/** GET /api/account/me (docs/api.md). */
export type AccountMe = {
  account: {
    id: number;
    name: string;
    company_name: string;
    role_id: number | null;
    user_limit: number;
    logo_url: string | null;
    features: Feature[];
    hide_powered_by: boolean;
    created_at: string;
  };
  user: {
    id: number;
    email: string;
    first_name: string;
    family_name: string;
    is_admin: boolean;
    filecabinet_access: boolean;
    impersonator_id: number | null;
  };
  abilities: { manage_settings: boolean; filecabinet: boolean; rooms: boolean; reports: boolean };
};
