// Sign-in, sign-out, the password change and API tokens.
import { getData, request } from '../api/client';
import { currentSession, setSession, type Session } from '../api/session';
import { sessionFromLogin, type LoginAnswer } from './auth-forms';
import { ownTokens, tokenFromWire, type ApiToken } from './tokens';

/** Signs in (an anonymous call: a 401 here is wrong credentials, not an expired session) and keeps the session. */
export async function login(username: string, secret: string): Promise<Session> {
  const answer = await getData<LoginAnswer>('/api/v2/login', {
    method: 'POST',
    anonymous: true,
    body: { login_method: 'secret', username, secret },
  });
  const session = sessionFromLogin(answer, username);
  setSession(session);
  return session;
}

/**
 * Signs out; never rejects. A failed /logout call (server down, token already expired) is ignored: the session is
 * dropped here either way, with the reason 'logout' so the sign-in page does not call it an expiry.
 */
export async function logout(): Promise<void> {
  try {
    if (currentSession()) await request('/api/v2/logout', { method: 'POST' });
  } catch {
    // Nothing to tell the user: they asked to leave and they have.
  } finally {
    setSession(null, 'logout');
  }
}

/**
 * Changes the signed-in user's own password (auth:ManageSelf, which an expired password still has). The server
 * keeps the user's own sessions on a self change and checks expiry on each request, so the session goes on with
 * authExpired cleared.
 */
export async function changePassword(session: Session, currentSecret: string, newSecret: string): Promise<void> {
  await request(`/api/v2/bloodhound-users/${encodeURIComponent(session.userId)}/secret`, {
    method: 'PUT',
    body: { current_secret: currentSecret, secret: newSecret, needs_password_reset: false },
  });
  setSession({ ...session, authExpired: false });
}

export async function listTokens(userId: string, signal?: AbortSignal): Promise<ApiToken[]> {
  const data = await getData<unknown>('/api/v2/tokens', { query: { user_id: `eq:${userId}`, sort_by: 'created_at' }, signal });
  return ownTokens(data, userId);
}

export async function createToken(name: string, userId: string): Promise<ApiToken> {
  const data = await getData<Record<string, unknown>>('/api/v2/tokens', { method: 'POST', body: { token_name: name, user_id: userId } });
  return tokenFromWire(data);
}

export async function deleteToken(id: string): Promise<void> {
  await request(`/api/v2/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
