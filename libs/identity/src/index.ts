export { IdentityModule } from './identity.module.js';
export { identityConfigSlice } from './identity-config.js';
export { CredentialCheck } from './application/credential-check.js';
export { UserQueries } from './application/user-queries.js';
export { UserCommands } from './application/user-commands.js';
export { MAX_USER_TEXT_LENGTH, type UserTextField, userTextProblem } from './application/user-rules.js';
export { type UserAccess } from './application/ports.js';
export { ROLE_SEEDS } from './domain/seed.js';
export { isSecretExpired, shownName } from './domain/user.js';
export { generatePassword } from './domain/password-policy.js';
export { presentUser } from './http/presenters.js';
export { UserView } from './http/views.js';
export { IdentitySchema1732240000100 } from './infrastructure/migrations/1732240000100-identity-schema.js';
export {
  IdentityPlaceholderEmail1732240000900,
} from './infrastructure/migrations/1732240000900-identity-placeholder-email.js';
