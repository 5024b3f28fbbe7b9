import { isEmail, maxLength } from 'class-validator';
import { ApiError } from '@app/platform';
import { IdentityErrors } from './identity-errors.js';

// The value rules of a user's text fields, the same wherever a user is created or changed: UserCommands enforces
// them, the CLI asks them first (to name its flags), and the HTTP DTOs restate them as decorators, which answer
// with class-validator's messages before the use case is reached. Lengths and emails are judged by class-validator's
// own functions, so the three agree on every value.

/**
 * The most characters a user's principal name, first and last name and email address may have. The API caps secrets
 * at it too, by decorator only: the use case does not, so the CLI still takes every password it took.
 */
export const MAX_USER_TEXT_LENGTH = 1000;

/** A user's text fields, named as the use cases name them. */
export interface UserText {
  principalName?: string;
  emailAddress?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export type UserTextField = keyof UserText;

/** Which rule a field breaks. */
export interface UserTextProblem {
  field: UserTextField;
  rule: 'empty' | 'tooLong' | 'notEmail';
}

const CHECKED_LENGTHS: readonly UserTextField[] = ['principalName', 'emailAddress', 'firstName', 'lastName'];

/** The wire name of each field, in the use case's messages (the API's). */
const WIRE_NAMES: Readonly<Record<UserTextField, string>> = {
  principalName: 'principal', emailAddress: 'email_address', firstName: 'first_name', lastName: 'last_name',
};

/** The first rule `text` breaks, if any: an empty principal name, then each field's length, then the email. */
export function userTextProblem(text: UserText): UserTextProblem | undefined {
  if (text.principalName === '') return { field: 'principalName', rule: 'empty' };
  for (const field of CHECKED_LENGTHS) {
    const value = text[field];
    if (typeof value === 'string' && !maxLength(value, MAX_USER_TEXT_LENGTH)) return { field, rule: 'tooLong' };
  }
  const email = text.emailAddress;
  if (typeof email === 'string' && !isEmail(email)) return { field: 'emailAddress', rule: 'notEmail' };
  return undefined;
}

/** Refuses text that breaks a rule: 400 with the message the API's validation gives for it. */
export function checkUserText(text: UserText): void {
  const problem = userTextProblem(text);
  if (problem === undefined) return;
  const name = WIRE_NAMES[problem.field];
  if (problem.rule === 'empty') throw ApiError.badRequest(IdentityErrors.fieldEmpty(name));
  if (problem.rule === 'tooLong') throw ApiError.badRequest(IdentityErrors.fieldTooLong(name, MAX_USER_TEXT_LENGTH));
  throw ApiError.badRequest(IdentityErrors.fieldNotEmail(name));
}
