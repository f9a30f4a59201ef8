/** GET/PUT /api/user/settings/profile (docs/api.md). */
export type Profile = {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string;
  emails: unknown[];
  counsels: unknown[];
  partners: unknown[];
  teams: unknown[];
};

export type ProfileInput = { firstName: string; lastName: string; phone: string };

export type PasswordInput = { current_password?: string; password: string };

/** GET /api/v1/user/authenticators entries. */
export type Authenticator = {
  id: number;
  pub_id: string;
  type: 'email';
  value: string;
  priority: number;
  verified_at: string | null;
  created_at: string;
};
