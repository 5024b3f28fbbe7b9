import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InitialPasswordNotice } from '../application/ports.js';

/** Writes `<DATA_DIR>/initial-admin-password` (0600) and says where on the console, not in the structured log. */
@Injectable()
export class InitialPasswordFile extends InitialPasswordNotice {
  constructor(private readonly config: AppConfig) {
    super();
  }

  announce(principalName: string, password: string): void {
    mkdirSync(this.config.dataDir, { recursive: true, mode: 0o700 });
    const path = join(this.config.dataDir, 'initial-admin-password');
    writeFileSync(path, `${password}\n`, { mode: 0o600 });
    console.log(
      `\nPathwarden: created the administrator "${principalName}". Its generated password is in ${path} ` +
        '(it must be changed at first login).\n',
    );
  }
}
