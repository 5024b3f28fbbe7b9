import { isEmail } from 'class-validator';
import { ConfigError, defineConfigSlice } from '@app/platform';

/** The bootstrap administrator, created at the first start (README "Configuration"). */
export class IdentityConfig {
  /** ADMIN_PRINCIPAL_NAME, default `admin`. */
  readonly adminPrincipalName: string;
  /** ADMIN_PASSWORD; unset: one is generated and written to DATA_DIR. */
  readonly adminPassword: string | undefined;
  /** Email of the bootstrap administrator, given when it is created (ADMIN_EMAIL); unset: it has none. */
  readonly adminEmail: string | undefined;
}

export const identityConfigSlice = defineConfigSlice(IdentityConfig, (env) => {
  const adminEmail = env.optional('ADMIN_EMAIL');
  if (adminEmail !== undefined && !isEmail(adminEmail)) {
    throw new ConfigError(`ADMIN_EMAIL must be an email address, got "${adminEmail}"`);
  }
  return {
    adminPrincipalName: env.optional('ADMIN_PRINCIPAL_NAME') ?? 'admin',
    adminPassword: env.optional('ADMIN_PASSWORD'),
    adminEmail,
  };
});
