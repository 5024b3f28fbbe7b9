import { describe, expect, it } from '@jest/globals';
import { SecretCipher } from './secret-cipher.js';

describe('SecretCipher', () => {
  const cipher = new SecretCipher('k'.repeat(32));

  it('round-trips a secret and never stores the plaintext', () => {
    const stored = cipher.encrypt('super-secret-key');
    expect(stored).not.toContain('super-secret-key');
    expect(cipher.decrypt(stored)).toBe('super-secret-key');
  });

  it('uses a fresh IV for each encryption', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses a value encrypted under another key', () => {
    const other = new SecretCipher('o'.repeat(32));
    expect(() => cipher.decrypt(other.encrypt('x'))).toThrow();
  });

  it('refuses a truncated value (a short tag must not pass)', () => {
    const raw = Buffer.from(cipher.encrypt('value').slice(3), 'base64');
    expect(() => cipher.decrypt(`v1:${raw.subarray(0, 20).toString('base64')}`)).toThrow();
  });

  it('reads a key given as a function at first use only, and once', () => {
    let reads = 0;
    const deferred = new SecretCipher(() => {
      reads += 1;
      return 'k'.repeat(32);
    });
    expect(reads).toBe(0);
    expect(deferred.decrypt(cipher.encrypt('value'))).toBe('value');
    expect(cipher.decrypt(deferred.encrypt('other'))).toBe('other');
    expect(reads).toBe(1);
  });

  it('refuses a tampered value', () => {
    const stored = cipher.encrypt('value');
    const tampered = stored.slice(0, -2) + (stored.endsWith('A') ? 'B' : 'A') + '=';
    expect(() => cipher.decrypt(tampered)).toThrow();
  });
});
