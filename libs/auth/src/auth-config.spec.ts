import { describe, expect, it } from '@jest/globals';
import { authConfigSlice } from './auth-config.js';

describe('authConfigSlice', () => {
  it('applies the documented defaults', () => {
    expect(authConfigSlice.read({}, '/srv').sessionTtlHours).toBe(8);
  });
});
