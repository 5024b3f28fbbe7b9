// The session token lives in sessionStorage (this tab only, gone when it closes), never in a URL or a cookie.
const KEY = 'pathwarden.session';

export interface Session {
  token: string;
  userId: string;
  userName: string;
  /** The password has expired: only the password change is allowed until it is done. */
  authExpired: boolean;
}

type Listener = (session: Session | null) => void;
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

export function setSession(session: Session | null): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener(session);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
