import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './app-config.js';
import { ConfigError } from './config-error.js';

const MIN_SECRET_LENGTH = 32;

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

/**
 * Reads a secret file, creating it (0600, random) on first use. The file appears complete or not at all (written
 * aside, then hard-linked into place), and a short or empty one is refused rather than used as a weak key.
 */
export function readOrCreateSecretFile(path: string): string {
  const existing = readIfPresent(path);
  if (existing !== undefined) return checked(path, existing);
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${randomBytes(48).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, path);
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return checked(path, readFileSync(path, 'utf8').trim());
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function checked(path: string, secret: string): string {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`${path} holds fewer than ${MIN_SECRET_LENGTH} characters: delete it to generate a new one`);
  }
  return secret;
}
