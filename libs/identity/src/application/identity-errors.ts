/** Identity messages (reference wording), reused by the use cases and asserted in tests. */
export const IdentityErrors = {
  disableSelf: 'user attempted to disable themselves',
  changeOwnRole: 'user attempted to change own role',
  changeOwnSso: 'user attempted to change own SSO Provider',
  deleteSelf: 'User cannot delete themselves',
  deleteOwnProvider: 'user may not delete their own SSO auth provider',
  oneRole: 'a user can only have one role',
  unknownRole: 'role id is invalid',
  unknownSsoProvider: 'sso provider id is invalid',
  invalidCurrentPassword: 'Invalid current password',
  ssoUserSecret: 'Invalid operation, user is SSO',
  ssoUserExpireSecret: 'user has SAML auth enabled',
  noSecret: 'user does not have a secret auth provider registered',
  secretAndSso: 'a user may have a secret or an SSO provider, not both',
  // The user text rules, worded as the API's validation words them (user-rules.ts).
  fieldEmpty: (field: string) => `${field} should not be empty`,
  fieldTooLong: (field: string, max: number) => `${field} must be shorter than or equal to ${max} characters`,
  fieldNotEmail: (field: string) => `${field} must be an email`,
} as const;
