/**
 * Password policy for staff accounts (hashing is the auth module's). The policy is read from schemas/staff.json (the
 * same rules the form shows), so the form, the API and the create-admin CLI can never disagree.
 */
import staffSchema from '../../../schemas/staff.json';

const passwordField = staffSchema.fields.password;
const usernameField = staffSchema.fields.username;
const PASSWORD_RE = new RegExp(passwordField.pattern);
const USERNAME_RE = new RegExp(usernameField.pattern);

/** i18n keys of a broken rule, or null when the password is acceptable for this username. */
export function passwordProblem(password: string, username?: string): string | null {
  if (password.length < passwordField.minLength || password.length > passwordField.maxLength || !PASSWORD_RE.test(password)) {
    return 'server.staff.passwordWeak';
  }
  if (username && password.toLowerCase().includes(username.toLowerCase())) return 'server.staff.passwordHasUsername';
  return null;
}

export function usernameProblem(username: string): string | null {
  if (username.length < usernameField.minLength || username.length > usernameField.maxLength || !USERNAME_RE.test(username)) {
    return 'server.staff.usernameInvalid';
  }
  return null;
}

// One hashing configuration for the whole server (argon2id), owned by the auth module that verifies it.
export { hashPassword } from '../auth';
