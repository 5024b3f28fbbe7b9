import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '@app/platform';
import type { IdentityConfig } from '../identity-config.js';
import { InitialPasswordFile } from './initial-password-file.js';

describe('InitialPasswordFile', () => {
  let dataDir: string;
  let file: InitialPasswordFile;
  const path = () => join(dataDir, 'initial-admin-password');

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pathwarden-initial-password-'));
    file = new InitialPasswordFile({ dataDir } as AppConfig, { adminPrincipalName: 'admin' } as IdentityConfig);
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    file.announce('admin', 'Generated-Passw0rd!');
  });
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the generated password to DATA_DIR/initial-admin-password, readable by the owner only', () => {
    expect(readFileSync(path(), 'utf8')).toBe('Generated-Passw0rd!\n');
    expect(statSync(path()).mode & 0o777).toBe(0o600);
  });

  it("removes the file when the bootstrap administrator's password changes (principal compared case-insensitively)", () => {
    file.withdraw('Admin');
    expect(existsSync(path())).toBe(false);
  });

  it("keeps the file when another user's password changes", () => {
    file.withdraw('jdoe');
    expect(readFileSync(path(), 'utf8')).toBe('Generated-Passw0rd!\n');
  });

  it('does nothing when the file is already gone', () => {
    file.withdraw('admin');
    expect(() => file.withdraw('admin')).not.toThrow();
  });
});
