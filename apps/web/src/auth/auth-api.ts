// Sign-in, sign-out and the password change (placeholder: the auth helper completes this module).
import { request } from '../api/client';
import { currentSession, setSession } from '../api/session';

export async function logout(): Promise<void> {
  try {
    if (currentSession()) await request('/api/v2/logout', { method: 'POST' });
  } finally {
    setSession(null);
  }
}
