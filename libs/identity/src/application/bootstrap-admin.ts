import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { IdentityConfig } from '../identity-config.js';
import { generatePassword } from '../domain/password-policy.js';
import { ADMINISTRATOR_ROLE_ID } from '../domain/seed.js';
import { InitialPasswordNotice, PasswordHasher, UserStore } from './ports.js';

/**
 * Creates the bootstrap administrator on first start, with ADMIN_EMAIL if given (the reference's placeholder
 * `spam@example.com` would show as the author of everything it creates). Without ADMIN_PASSWORD a password is
 * generated, handed to the InitialPasswordNotice (a 0600 file and one console line, never the structured log) and
 * marked expired.
 */
@Injectable()
export class BootstrapAdmin implements OnApplicationBootstrap {
  constructor(
    private readonly config: IdentityConfig,
    private readonly users: UserStore,
    private readonly hasher: PasswordHasher,
    private readonly notice: InitialPasswordNotice,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (await this.users.findCredentials(this.config.adminPrincipalName)) return;
    const generated = this.config.adminPassword === undefined;
    const password = this.config.adminPassword ?? generatePassword();
    const created = await this.users.create(
      {
        principalName: this.config.adminPrincipalName,
        firstName: 'Admin',
        lastName: 'User',
        emailAddress: this.config.adminEmail ?? null,
        ssoProviderId: null,
        isDisabled: false,
        roleIds: [ADMINISTRATOR_ROLE_ID],
        secret: {
          digest: await this.hasher.hash(password),
          digestMethod: this.hasher.method,
          expiresAt: generated ? new Date() : new Date('9999-12-31T00:00:00Z'),
        },
      },
      'ignore',
    );
    if (created && generated) this.notice.announce(this.config.adminPrincipalName, password);
  }
}
