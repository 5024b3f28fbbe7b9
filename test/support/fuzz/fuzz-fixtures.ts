import { GraphStore } from '@app/graph';
import { QUERY_GRAPH, seedGraph } from '@app/graph/testing';
import { ADMIN_PASSWORD, login, type TestApp } from '../test-app.js';
import { createApiToken, createUser, USER_PASSWORD, type ApiTokenKey } from '../auth.js';
import { Caller } from '../identity.js';

/** Ids of the right shape that name nothing: what operations that end or delete a resource are fuzzed with. */
export const UNKNOWN_UUID = '00000000-0000-4000-8000-00000000dead';
export const UNKNOWN_INT = '2147483000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The credentials and records a fuzz run works with. */
export interface FuzzFixtures {
  /** The administrator's session (most requests use it, so validation is reached past the auth guard). */
  adminSession: string;
  /** An API token of the administrator (signed requests with garbage RequestDate / Signature headers). */
  adminToken: ApiTokenKey;
  /** The collection client that signs the client-only operations. */
  clientToken: ApiTokenKey;
  /** A real record for each path parameter name, so body and query cases get past the look-up. */
  pathValues: Record<string, string>;
  /** Logs the administrator in again (the fuzzed session may have ended). */
  relogin(): Promise<string>;
}

/**
 * Seeds a small directory graph (so Cypher, search, paths and tag members have rows to work on) and creates one
 * record of every kind the document's paths name (none of them the administrator's own).
 */
export async function createFuzzFixtures(t: TestApp): Promise<FuzzFixtures> {
  const nodes = await seedGraph(t.app.get(GraphStore), QUERY_GRAPH);
  const adminSession = await login(t, 'admin', ADMIN_PASSWORD);
  const admin = new Caller(t, adminSession);
  const created = async (res: Promise<{ status: number; body: { data: { id: unknown } } }>, what: string) => {
    const { status, body } = await res;
    if (status !== 200 && status !== 201) throw new Error(`creating the fuzz ${what} failed: ${status} ${JSON.stringify(body)}`);
    return String(body.data.id);
  };

  const userId = await createUser(t, adminSession, { principal: 'fuzz-target', role: 'User', secret: USER_PASSWORD });
  const providerId = await created(admin.post('/sso-providers/oidc', { name: 'fuzz oidc', client_id: 'c', issuer: 'https://idp.example.com' }), 'OIDC provider');
  const targetToken = await createApiToken(t, adminSession, 'fuzz target');
  const adminToken = await createApiToken(t, adminSession, 'fuzz signer');
  const tagId = await created(admin.post('/asset-group-tags', { name: 'fuzz_label', type: 2 }), 'tag');
  const selectorId = await created(
    admin.post(`/asset-group-tags/${tagId}/selectors`, { name: 'fuzz selector', seeds: [{ type: 1, value: 'S-1-5-21-1-512' }] }), 'selector',
  );
  const evaluation = await admin.post('/asset-group-tags/evaluation');
  if (evaluation.status !== 200) throw new Error(`evaluating the tags failed: ${evaluation.status} ${evaluation.text}`);
  const targetClient = await admin.post('/clients', { name: 'fuzz-target-client', type: 'sharphound' });
  const clientId = await created(Promise.resolve(targetClient), 'client');
  const signer = await admin.post('/clients', { name: 'fuzz-signing-client', type: 'sharphound' });
  if (signer.status !== 201) throw new Error(`creating the fuzz signing client failed: ${signer.status} ${signer.text}`);
  const eventId = await created(admin.post('/events', { client_id: clientId, session_collection: true }), 'event');
  const jobId = await created(admin.post(`/clients/${clientId}/jobs`, { session_collection: true }), 'job');
  const uploadId = await created(admin.post('/file-upload/start'), 'upload job');

  return {
    adminSession,
    adminToken,
    clientToken: { id: signer.body.data.token.id, key: signer.body.data.token.key },
    pathValues: {
      user_id: userId,
      sso_provider_id: providerId,
      token_id: targetToken.id,
      object_id: 'C-WS1',
      asset_group_tag_id: tagId,
      asset_group_tag_selector_id: selectorId,
      member_id: String(nodes.get('U-ALICE')!.id),
      asset_group_id: '1',
      client_id: clientId,
      event_id: eventId,
      job_id: jobId,
      collector_type: 'sharphound',
      release_tag: 'latest',
      file_upload_job_id: uploadId,
    },
    relogin: () => login(t, 'admin', ADMIN_PASSWORD),
  };
}

/** An id of the same shape as `value` that names nothing. */
export function unknownLike(value: string): string {
  if (UUID.test(value)) return UNKNOWN_UUID;
  return /^\d+$/.test(value) ? UNKNOWN_INT : 'fuzz-unknown';
}
