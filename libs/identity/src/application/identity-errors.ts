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
  secretAndSso: 'a user may have a secret or an SSO provider, not both',
} as const;
