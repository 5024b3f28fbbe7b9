import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { currentSession, onSessionChange, setSession, type SessionEnd } from '../api/session';
import { request } from '../api/client';
import { logout } from './auth-api';

// In-memory stand-ins for the browser globals session.ts and client.ts use.
const globals = globalThis as Record<string, unknown>;
const saved = { sessionStorage: globals.sessionStorage, window: globals.window, fetch: globals.fetch };
let ends: (SessionEnd | undefined)[];
let stop: () => void;

beforeEach(() => {
  const store = new Map<string, string>();
  globals.sessionStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
  globals.window = { location: { origin: 'http://localhost' } };
  setSession({ token: 't', userId: 'u', userName: 'admin', authExpired: false });
  ends = [];
  stop = onSessionChange((session, reason) => {
    if (!session) ends.push(reason);
  });
});

afterEach(() => {
  stop();
  Object.assign(globals, saved);
});

describe('logout', () => {
  it('ends the session as a logout', async () => {
    globals.fetch = async () => new Response(null, { status: 204 });
    await logout();
    expect(currentSession()).toBeNull();
    expect(ends).toEqual(['logout']);
  });

  it('never rejects: a failed /logout call still ends the session', async () => {
    globals.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(logout()).resolves.toBeUndefined();
    expect(currentSession()).toBeNull();
    expect(ends).toEqual(['logout']);
  });

  it('ends last as a logout when the token had already expired (401)', async () => {
    globals.fetch = async () => new Response('{"errors":[]}', { status: 401 });
    await expect(logout()).resolves.toBeUndefined();
    expect(ends[ends.length - 1]).toBe('logout');
  });
});

describe('a 401', () => {
  it('ends a held session as expired', async () => {
    globals.fetch = async () => new Response('{"errors":[{"context":"auth","message":"expired"}]}', { status: 401 });
    await expect(request('/api/v2/self')).rejects.toThrow('expired');
    expect(ends).toEqual(['expired']);
  });

  it('announces nothing when it answers a request sent before a logout', async () => {
    let answer: (response: Response) => void = () => undefined;
    globals.fetch = () => new Promise<Response>((resolve) => (answer = resolve));
    const pending = request('/api/v2/self').catch(() => undefined);
    setSession(null, 'logout');
    answer(new Response('{"errors":[]}', { status: 401 }));
    await pending;
    expect(ends).toEqual(['logout']);
  });
});
