// The session token lives in sessionStorage (this tab only, gone when it closes), never in a URL or a cookie.
const KEY = 'pathwarden.session';

export interface Session {
  token: string;
  userId: string;
  userName: string;
  /** The password has expired: only the password change is allowed until it is done. */
  authExpired: boolean;
}

/** Why a session ended: a deliberate sign-out, or the server no longer accepting it (expired or revoked). */
export type SessionEnd = 'logout' | 'expired';

/** `reason` is set when the session ends (session null), so the sign-in page can tell an expiry from a logout. */
type Listener = (session: Session | null, reason?: SessionEnd) => void;
const listeners = new Set<Listener>();

export function currentSession(): Session | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Session;
  } catch {
    sessionStorage.removeItem(KEY);
    return null;
  }
}

/** Keeps (or drops) the session; a drop without a reason is an expiry: only logout() ends one on purpose. */
export function setSession(session: Session | null, reason: SessionEnd = 'expired'): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener(session, session ? undefined : reason);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
