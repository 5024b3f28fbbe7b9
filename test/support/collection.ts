import { expect, jest } from '@jest/globals';
import { Client as PgClient } from 'pg';
import type { Test } from 'supertest';
import type { TestApp } from './test-app.js';
import { signed, type HttpMethod } from './auth.js';
import type { Caller } from './identity.js';

/** A registered collection client and its signing token (id + key), as POST /api/v2/clients answered. */
export interface TestClient {
  id: string;
  name: string;
  token: { id: string; key: string };
  body: Record<string, unknown>;
}

let serial = 0;
export const uniqueClientName = (prefix = 'client') => `${prefix}-${process.pid}-${++serial}`;

/** Registers a client as `admin` (clients:Manage); fails the test on anything but 201. */
export async function createClient(admin: Caller, fields: Record<string, unknown> = {}): Promise<TestClient> {
  const res = await admin.post('/clients', { name: uniqueClientName(), type: 'sharphound', ...fields });
  if (res.status !== 201) throw new Error(`creating a client failed: ${res.status} ${JSON.stringify(res.body)}`);
  const data = res.body.data;
  return { id: data.id, name: data.name, token: { id: data.token.id, key: data.token.key }, body: data };
}

/** A request signed with the client's token; `body` is sent as JSON exactly as signed. */
export function asClient(t: TestApp, client: TestClient, method: HttpMethod, path: string, body?: unknown): Test {
  return signed(t, client.token, method, `/api/v2${path}`, body === undefined ? {} : { body: JSON.stringify(body) });
}

/** An event body collecting sessions for the client, with the given overrides. */
export function eventBody(clientId: string, fields: Record<string, unknown> = {}) {
  return { client_id: clientId, session_collection: true, ...fields };
}

/**
 * The SQL statements the app sends while answering one GET (calls of the pg client's `query`), and the answer: what
 * the set-based tests compare between a small and a large page.
 */
export async function countStatements<T = { count: number; data: unknown[] }>(caller: Caller, path: string): Promise<{ count: number; body: T }> {
  const spy = jest.spyOn(PgClient.prototype, 'query');
  try {
    const res = await caller.get(path);
    expect(res.status).toBe(200);
    return { count: spy.mock.calls.length, body: res.body as T };
  } finally {
    spy.mockRestore();
  }
}
