import { randomBytes } from 'node:crypto';

/** Minimum strength of a user secret (the reference's rule and wording); empty when the secret is acceptable. */
export function passwordProblems(secret: string): string[] {
  const count = (pattern: RegExp) => (secret.match(pattern) ?? []).length;
  const problems: string[] = [];
  if (secret.length < 12) problems.push('must have at least 12 characters');
  if (count(/[a-z]/g) < 1) problems.push('must have at least 1 lowercase characters');
  if (count(/[A-Z]/g) < 1) problems.push('must have at least 1 uppercase characters');
  if (count(/[^A-Za-z0-9\s]/g) < 1) problems.push('must have at least 1 special characters');
  if (count(/[0-9]/g) < 1) problems.push('must have at least 1 numeric characters');
  if (/[\p{Cc}]/u.test(secret)) problems.push('cannot contain control characters (tabs, newline, etc.)');
  return problems.map((problem) => `Secret: ${problem}`);
}

/** A random 36-character password with every class the policy asks for (bootstrap admin, CLI). */
export function generatePassword(): string {
  return `${randomBytes(24).toString('base64url')}aA1!`;
}
