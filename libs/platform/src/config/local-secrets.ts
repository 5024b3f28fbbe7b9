import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './app-config.js';

/**
 * With the embedded database, JWT_SECRET and SECRETS_KEY may be left unset: each is generated once into DATA_DIR
 * (mode 0600) and read back on later starts, so sessions and encrypted token keys survive a restart.
 */
export function resolveLocalSecrets(config: AppConfig): void {
  if (!config.embedded) return;
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  config.jwtSecret ??= readOrCreateSecretFile(join(config.dataDir, 'jwt-secret'));
  config.secretsKey ??= readOrCreateSecretFile(join(config.dataDir, 'secrets-key'));
}

/** Reads a secret file, creating it (0600, random) on first use. */
export function readOrCreateSecretFile(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64');
  try {
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim();
    throw error;
  }
}
