// The spec's exact texts (spec 1 §5 and §8), shared by the server and the web app.
export const TERMS_REQUIRED_MESSAGE = "You must agree to the product's Terms of Service";
export const FORGOT_PASSWORD_MESSAGE =
  "If there's an account linked to this email address, you will receive reset instructions in your inbox.";
export const WRONG_CONFIRMATION_CODE = "That code wasn't valid. Double Check and try again.";
export const CURRENT_PASSWORD_INCORRECT = 'Your current password is incorrect, please try again.';
export const INVALID_CREDENTIALS_MESSAGE = 'Password is incorrect';
export const LOGIN_ERROR = 'There was an error while logging you in.';
export const VERIFY_ERROR = 'There was an error while verifying your code.';
export const REGISTER_ERROR = 'There was an error while creating your account.';
export const PAGE_LOAD_ERROR = 'Sorry, there was a problem loading the page.';
export const ADMIN_WARNING = 'To access that page you must be an admin of its parent Workspace.';
export const COMPANY_ADDED = 'Company Added! Please wait a few seconds as we set everything up.';
export const PROFILE_UPDATED = 'profile updated';
export const PROFILE_LOAD_ERROR = 'There was an error while retrieving your profile.';
export const PROFILE_SAVE_ERROR = 'There was an error while saving your settings.';
export const PASSWORD_CHANGED = 'Your password has been successfully changed.';
export const SET_NEW_PASSWORD_EMAIL_SENT = 'Set new password email sent.';
export const IMPERSONATION_PREFIX = 'You are currently accessing this account as ';
export const ONLY_THIS_WORKSPACE = 'You only have access to this workspace';
export const SELECT_COMPANY_BANNER = 'Before continuing, please select a company';
export const LOGIN_BANNER = 'Before continuing, please login or register below';
export const REFRESHING_SESSION = 'refreshing your session token...';
export const SEND_NEW_CODE_PROMPT = 'Send new confirmation code?';

export const SESSION_MESSAGES = {
  E_SESSION_INVALID: 'Your Session has failed to validate or expired, please login to continue.',
  INVALID_JWT: 'Your Workspace Session has expired, please refresh your page.',
  INVALID_JWT_ISS: 'Your authentication session is invalid, please log out and log in again to continue.',
  DEVELOPER_ERROR:
    "We're experiencing issues related to your session, if issues persist after refresh, please contact support.",
  EXPIRED: 'Your session has expired or failed to validate, please log in to continue.',
  LOGOUT_ON_EXPIRY: 'Your Workspace Session has expired, please log back in to continue.',
  MISSING_COOKIE: 'Missing or expired cookie session. Please login again.',
  INACTIVITY:
    'You have been logged out due to inactivity. Please login again. Any progress will have been saved.',
} as const;

export const REMOVE_PERSON_PROMPT = (name: string) =>
  `Are you sure you want to remove ${name} from our system?`;

export const NETWORK_ERROR = 'There was a network error.';
export const GENERIC_ERROR = 'An error has occurred';
export const GENERIC_ERROR_PERSISTS =
  'An error has occurred. If this persists after refresh please contact support.';
export const TODO_ERROR = 'An error has occurred.';
export const ACCESS_TOKEN_ERROR = 'An error has occurred. if error persists, please contact support';
export const BILLING_ERROR =
  'An error has occurred. If error persists after page refresh, please message our Support Team.';
export const CARD_TOKENIZATION_ERROR =
  'Stripe is detecting an error in your information, please recheck your inputs.';
export const ROOM_FETCH_ERROR =
  'Unable to fetch Room. Please try logging back in or contact support if error persists';
export const CARD_NAME_REQUIRED = 'Please provide a name for your payment card';
export const CARD_COUNTRY_REQUIRED = 'Please provide a country for your payment card';

// Success notices (spec 1 §8).
export const ASSIGNEE_UPDATED = 'Assignee Updated.';
export const TASK_ASSIGNED = 'Task To-do assigned!';
export const TODO_DELETED = 'To-do deleted';
export const PAYMENT_METHOD_ADDED = 'Payment Method Added.';
export const PAYMENT_METHOD_REMOVED = 'Payment Method removed.';
export const ACH_SUBMITTED = 'ACH Account info submitted.';
export const ACH_VERIFIED = 'ACH Account verified.';
export const ACH_REMOVED = 'ACH Payment Method removed.';
export const DEFAULT_METHOD_SET = 'Default Method set.';
export const ACCOUNT_SAVED = 'Account Saved.';
export const SUBSCRIBED = 'Subscribed!';
export const PARTNER_MEMBER_REMOVED = 'Member removed from partner group.';
export const DOWNLOAD_STARTED = 'Starting Download.';
export const PAYMENT_SAVED_SUBMITTING =
  'Payment method saved, submitting Task. Please be patient as we finalize everything on our end.';
export const PARTNER_CONNECTED = 'Partner Connected';
