import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from './config-error.js';
import { readOrCreateSecretFile } from './local-secrets.js';

describe('readOrCreateSecretFile', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'secrets-'));

  it('creates a 0600 random secret once and reads the same one back', () => {
    const path = join(dir(), 'jwt-secret');
    const first = readOrCreateSecretFile(path);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecretFile(path)).toBe(first);
  });

  it('leaves no temporary file behind', () => {
    const folder = dir();
    readOrCreateSecretFile(join(folder, 'secrets-key'));
    expect(readdirSync(folder)).toEqual(['secrets-key']);
  });

  it('refuses an empty or short file instead of using it as a key', () => {
    const path = join(dir(), 'secrets-key');
    writeFileSync(path, 'short\n');
    expect(() => readOrCreateSecretFile(path)).toThrow(ConfigError);
    expect(readFileSync(path, 'utf8')).toBe('short\n');
  });
});
