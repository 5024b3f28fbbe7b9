import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InitialPasswordNotice } from '../application/ports.js';
import { IdentityConfig } from '../identity-config.js';

/**
 * Writes `<DATA_DIR>/initial-admin-password` (0600) and says where on the console, not in the structured log; removes
 * it once the bootstrap administrator's password is changed, so no stale secret stays on disk.
 */
@Injectable()
export class InitialPasswordFile extends InitialPasswordNotice {
  private readonly logger = new Logger('InitialPasswordFile');

  constructor(private readonly config: AppConfig, private readonly identity: IdentityConfig) {
    super();
  }

  private get path(): string {
    return join(this.config.dataDir, 'initial-admin-password');
  }

  announce(principalName: string, password: string): void {
    mkdirSync(this.config.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(this.path, `${password}\n`, { mode: 0o600 });
    console.log(
      `\nPathwarden: created the administrator "${principalName}". Its generated password is in ${this.path} ` +
        '(it must be changed at first login).\n',
    );
  }

  /** Principal names compare as at login (case-insensitive). A file that cannot be removed is logged, not fatal. */
  withdraw(principalName: string): void {
    if (principalName.toLowerCase() !== this.identity.adminPrincipalName.toLowerCase()) return;
    try {
      rmSync(this.path, { force: true });
    } catch (error) {
      this.logger.warn(`could not remove the stale initial admin password file: ${(error as Error).message}`);
    }
  }
}
