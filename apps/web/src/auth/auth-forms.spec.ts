import { describe, expect, it } from '@jest/globals';
import { ApiFailure } from '../api/client';
import { loginFailureMessage, passwordChangeFailureMessages, passwordChangeProblems, sessionFromLogin } from './auth-forms';

describe('sign-in', () => {
  it('makes the session from the login answer', () => {
    expect(
      sessionFromLogin({ user_id: 'u1', user_name: 'admin', auth_expired: true, eula_accepted: false, session_token: 't' }, 'ADMIN'),
    ).toEqual({ token: 't', userId: 'u1', userName: 'admin', authExpired: true });
    expect(sessionFromLogin({ user_id: 'u1', auth_expired: false, session_token: 't' }, 'typed').userName).toBe('typed');
    expect(() => sessionFromLogin({ user_id: 'u1', auth_expired: false, session_token: '' }, 'x')).toThrow('no session token');
  });

  it('explains wrong credentials and throttling', () => {
    expect(loginFailureMessage(new ApiFailure(401, [{ context: '', message: 'whatever' }]))).toBe('Wrong user name or password.');
    expect(loginFailureMessage(new ApiFailure(429, []))).toMatch(/Too many sign-in attempts/);
    expect(loginFailureMessage(new TypeError('Failed to fetch'))).toBe('The server could not be reached.');
    expect(loginFailureMessage(new ApiFailure(403, [{ context: '', message: 'user disabled' }]))).toBe('user disabled');
    expect(loginFailureMessage(new ApiFailure(403, [{ context: '', message: 'HTTP 403' }]))).toBe('This account may not sign in.');
    expect(loginFailureMessage(new ApiFailure(400, [{ context: '', message: 'Login method x is not supported.' }]))).toBe(
      'Login method x is not supported.',
    );
  });
});

describe('password change', () => {
  const ok = { current: 'old', next: 'N3w-password!!', confirm: 'N3w-password!!' };

  it('asks for matching new passwords before sending', () => {
    expect(passwordChangeProblems(ok)).toEqual([]);
    expect(passwordChangeProblems({ ...ok, confirm: 'other' })).toEqual(['The new passwords do not match.']);
    expect(passwordChangeProblems({ current: '', next: '', confirm: '' })).toEqual([
      'Enter your current password.',
      'Enter a new password.',
    ]);
    expect(passwordChangeProblems({ current: 'same', next: 'same', confirm: 'same' })).toEqual([
      'The new password must differ from the current one.',
    ]);
  });

  it("lists the server's password rules one per line", () => {
    const rules = new ApiFailure(400, [
      { context: '', message: 'Secret: must have at least 12 characters; Secret: must have at least 1 special characters' },
    ]);
    expect(passwordChangeFailureMessages(rules)).toEqual([
      'Secret: must have at least 12 characters',
      'Secret: must have at least 1 special characters',
    ]);
    expect(passwordChangeFailureMessages(new ApiFailure(403, [{ context: '', message: 'Invalid current password' }]))).toEqual([
      'Invalid current password',
    ]);
    expect(passwordChangeFailureMessages(new ApiFailure(403, []))).toEqual(['The current password is wrong.']);
    expect(passwordChangeFailureMessages(new ApiFailure(403, [{ context: '', message: 'HTTP 403' }]))).toEqual([
      'The current password is wrong.',
    ]);
  });
});
