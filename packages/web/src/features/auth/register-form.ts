import {
  FEATURE_TYPE,
  TERMS_REQUIRED_MESSAGE,
  validateCompanyName,
  validateEmail,
  validateNewPassword,
} from '@charter/domain';
import type { Registration } from './auth-api.ts';
import type { RegistrationDraft } from './auth-storage.ts';

export type RegisterValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  addWorkspace: boolean;
  companyName: string;
  businessPurpose: string | null;
  tos: boolean;
};

export type RegisterErrors = Partial<Record<keyof RegisterValues, string>>;

export const emptyRegistration = (email = ''): RegisterValues => ({
  firstName: '',
  lastName: '',
  email,
  password: '',
  addWorkspace: false,
  companyName: '',
  businessPurpose: null,
  tos: false,
});

/** The form as it was registered, without the password and the terms (which are asked again). */
export const draftOf = ({ password: _password, tos: _tos, ...draft }: RegisterValues): RegistrationDraft =>
  draft;

/** Back to Registration: the details registered in this tab, else the signed-in user's own. */
export function returningRegistration(
  draft: RegistrationDraft | null,
  user: { first_name?: string | null; family_name?: string | null; email: string } | null,
): RegisterValues {
  if (draft) return { ...emptyRegistration(), ...draft };
  return {
    ...emptyRegistration(user?.email ?? ''),
    firstName: user?.first_name ?? '',
    lastName: user?.family_name ?? '',
  };
}

export function validateRegistration(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'First name required';
  if (!values.lastName.trim()) errors.lastName = 'Last name required';
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  const password = validateNewPassword(values.password);
  if (password) errors.password = password;
  if (values.addWorkspace) {
    const companyError = validateCompanyName(values.companyName);
    if (companyError) errors.companyName = companyError;
    if (!values.businessPurpose) errors.businessPurpose = 'Business purpose required';
  }
  if (!values.tos) errors.tos = TERMS_REQUIRED_MESSAGE;
  return errors;
}

/** The body of POST /api/authn/session/credentials that creates the user (and the optional workspace). */
export function toRegistration(values: RegisterValues): Registration {
  const body: Registration = {
    email: values.email.trim(),
    password: values.password,
    first_name: values.firstName.trim(),
    family_name: values.lastName.trim(),
    create: true,
    tos: true,
  };
  if (values.addWorkspace && values.businessPurpose) {
    body.company = {
      company_name: values.companyName.trim(),
      features: [{ feature_type_id: FEATURE_TYPE.BUSINESS_TYPE, value: values.businessPurpose }],
    };
  }
  return body;
}

/** Server field names (VALIDATION_ERROR fields) mapped onto the form's. */
export function serverFieldErrors(fields: Record<string, string>): RegisterErrors {
  const map: Record<string, keyof RegisterValues> = {
    first_name: 'firstName',
    family_name: 'lastName',
    email: 'email',
    password: 'password',
    company_name: 'companyName',
    'company.company_name': 'companyName',
    tos: 'tos',
  };
  const errors: RegisterErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    const key = map[field];
    if (key) errors[key] = message;
  }
  return errors;
}
