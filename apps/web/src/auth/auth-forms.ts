// Pure rules of the sign-in and password forms (unit tested): what the login answer becomes, what the user is told.
import { ApiFailure } from '../api/client';
import type { Session } from '../api/session';
import { failureMessage, serverMessage } from '../api/failure-message';

/** POST /api/v2/login's data (the same under both WIRE_FORMATs). */
export interface LoginAnswer {
  user_id: string;
  user_name?: string;
  auth_expired: boolean;
  eula_accepted?: boolean;
  session_token: string;
}

export function sessionFromLogin(answer: LoginAnswer, typedName: string): Session {
  if (!answer || typeof answer.session_token !== 'string' || answer.session_token === '') {
    throw new Error('The server answered no session token');
  }
  return {
    token: answer.session_token,
    userId: String(answer.user_id),
    userName: answer.user_name || typedName,
    authExpired: answer.auth_expired === true,
  };
}

export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiFailure) {
    if (error.status === 401) return 'Wrong user name or password.';
    if (error.status === 429) return 'Too many sign-in attempts. Wait a minute, then try again.';
    // A 403 at sign-in: the account may not sign in (disabled); the server says why.
    if (error.status === 403) return serverMessage(error) || 'This account may not sign in.';
  }
  return failureMessage(error, 'Sign-in failed');
}

export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

/** What must be fixed before the change is sent; the server's password rules are reported by the server. */
export function passwordChangeProblems(change: PasswordChange): string[] {
  const problems: string[] = [];
  if (change.current === '') problems.push('Enter your current password.');
  if (change.next === '') problems.push('Enter a new password.');
  else if (change.next !== change.confirm) problems.push('The new passwords do not match.');
  else if (change.next === change.current) problems.push('The new password must differ from the current one.');
  return problems;
}

/** The server's reasons, one per line (its password rules come as one message joined with "; "). */
export function passwordChangeFailureMessages(error: unknown): string[] {
  if (error instanceof ApiFailure && error.status === 403) {
    // Users change their own password here, so a 403 is the wrong current password (the server names it).
    return [serverMessage(error) || 'The current password is wrong.'];
  }
  return failureMessage(error, 'The password could not be changed')
    .split('; ')
    .filter((line) => line !== '');
}
