import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@app/platform';
import { identityConfigSlice } from './identity-config.js';

describe('identityConfigSlice', () => {
  it('applies the documented defaults', () => {
    expect(identityConfigSlice.read({}, '/srv').adminPrincipalName).toBe('admin');
  });

  it('gives the bootstrap administrator no email unless ADMIN_EMAIL is set', () => {
    expect(identityConfigSlice.read({}).adminEmail).toBeUndefined();
    expect(identityConfigSlice.read({ ADMIN_EMAIL: ' ops@corp.example ' }).adminEmail).toBe('ops@corp.example');
  });

  it.each(['admin', 'admin@', 'ops@corp', 'a b@corp.example'])('refuses ADMIN_EMAIL=%s, naming it', (value) => {
    expect(() => identityConfigSlice.read({ ADMIN_EMAIL: value }))
      .toThrow(new ConfigError(`ADMIN_EMAIL must be an email address, got "${value}"`));
  });
});
