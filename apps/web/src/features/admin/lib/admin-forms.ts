/** Spec admin-community §8: shown when the server gives no message of its own. */
export const LOGIN_FAILED_MESSAGE = 'Invalid username or password. Please try again.';

// Kept equal to PASSWORD_MIN_LENGTH / PASSWORD_MAX_LENGTH in @samvad/contracts/auth (a test
// checks): importing them would pull zod into the browser bundle.
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 64;

export interface LoginValues {
  username: string;
  password: string;
}

export interface FormErrors<Field extends string> {
  /** The message for the whole form. */
  form?: string;
  fields: Partial<Record<Field, string>>;
}

/** Spec admin-community §5: both fields are required. Null when the values are fine. */
export function validateAdminLogin(values: LoginValues): FormErrors<keyof LoginValues> | null {
  const fields: FormErrors<keyof LoginValues>['fields'] = {};
  if (!values.username.trim()) fields.username = 'Username is required';
  if (!values.password) fields.password = 'Password is required';
  if (Object.keys(fields).length === 0) return null;
  return { form: 'Please enter both username and password', fields };
}

export interface PasswordChangeValues {
  username: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Spec admin-community §5: all four fields are required and the new password must be typed the
 * same twice; the contracts' length rules apply to the new password.
 */
export function validatePasswordChange(
  values: PasswordChangeValues,
): FormErrors<keyof PasswordChangeValues> | null {
  const fields: FormErrors<keyof PasswordChangeValues>['fields'] = {};
  const required = 'This field is required';
  if (!values.username.trim()) fields.username = required;
  if (!values.currentPassword) fields.currentPassword = required;
  if (!values.newPassword) fields.newPassword = required;
  if (!values.confirmPassword) fields.confirmPassword = required;
  if (Object.keys(fields).length > 0) return { form: 'All fields are required', fields };

  if (values.newPassword.length < PASSWORD_MIN) {
    fields.newPassword = `Password must be at least ${PASSWORD_MIN} characters`;
  } else if (values.newPassword.length > PASSWORD_MAX) {
    fields.newPassword = `Password must be at most ${PASSWORD_MAX} characters`;
  }
  if (values.confirmPassword !== values.newPassword) {
    fields.confirmPassword = 'New passwords do not match';
  }
  return Object.keys(fields).length > 0 ? { fields } : null;
}
