import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { referenceRoutes } from './support/reference-routes.js';
import { Permissions, type Permission } from '@app/platform';
import type { Response } from 'supertest';
import { ROLE_SEEDS } from '@app/identity';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import {
  bearer, createApiToken, createUser, send, signed, USER_PASSWORD, type ApiTokenKey, type HttpMethod,
} from './support/auth.js';

/**
 * The permission matrix: every route of the app, called by every built-in role (by session and by signed API
 * token) and by callers that are not (or no longer) authenticated. The expected outcome comes from the table
 * below (compat.md part 1 "Permissions" and part 2 §6.4) and the seeded roles, never from the app's metadata.
 */

type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'permission'; anyOf: readonly Permission[]; clientsToo?: boolean }
  | { kind: 'client' };

const PUBLIC: Access = { kind: 'public' };
const AUTHENTICATED: Access = { kind: 'authenticated' };
const anyOf = (...permissions: Permission[]): Access => ({ kind: 'permission', anyOf: permissions });
/** The permission for users, and any collection client (tasks/available). */
const anyOfOrClient = (...permissions: Permission[]): Access => ({ kind: 'permission', anyOf: permissions, clientsToo: true });
/** Collection clients only (signed with a client token): a user holding clients:Tasking gets 404, others 403. */
const CLIENT_ONLY: Access = { kind: 'client' };

interface Caller {
  name: string;
  /** null: the caller is not authenticated at all, and gets 401 with `unauthenticated`. */
  permissions: ReadonlySet<string> | null;
  unauthenticated?: string;
  userId?: string;
  /** The caller's password has expired (kept expired when they set their own secret). */
  expired?: boolean;
  /** Headers of an ordinary request. */
  headers?: () => Record<string, string>;
  /** Headers on a session of its own (for logout, which would end the shared one). */
  freshHeaders?: () => Promise<Record<string, string>>;
  /** API token of the caller: requests are signed with it. */
  token?: ApiTokenKey;
  /** A registered collection client (its token signs the requests). */
  client?: boolean;
}

interface Route {
  method: HttpMethod;
  /** The path as the OpenAPI document writes it. */
  template: string;
  access: Access;
  /** Status when the caller is allowed (a synthetic id gives 404). */
  ok: number;
  /** Which id the path names, when it names one. */
  target?: 'own id' | 'existing id' | 'unknown id';
  path?: (caller: Caller) => string;
  body?: (caller: Caller) => object;
  /** The request ends the caller's session: run it on a session of its own. */
  endsSession?: boolean;
  /** Served outside the Nest router (not in the OpenAPI document's paths). */
  undocumented?: boolean;
}

/** The AD entity routes: `/api/v2/{type}/{object_id}` and its related lists. */
const ENTITY_ROUTE = /^\/api\/v2\/(base|users|computers|groups|domains|ous|gpos|containers|aiacas|rootcas|enterprisecas|ntauthstores|certtemplates|issuancepolicies)\/\{object_id\}(\/[a-z-]+)?$/;

const UNKNOWN_UUID = '00000000-0000-4000-8000-00000000dead';
const UNKNOWN_INT = '2147483000';
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;

const IDP_METADATA = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com/entity">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.com/redirect"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

let adminId = '';

const collectionFlag = { session_collection: true };

/** Route → what it requires. Requests are valid apart from authentication. */
const ROUTES: Route[] = [
  { method: 'GET', template: '/health', access: PUBLIC, ok: 200 },
  { method: 'GET', template: '/api/v2/spec/openapi.json', access: PUBLIC, ok: 200, undocumented: true },
  { method: 'GET', template: '/api/v2/swagger', access: PUBLIC, ok: 200, undocumented: true },
  {
    method: 'POST', template: '/api/v2/login', access: PUBLIC, ok: 200,
    body: () => ({ login_method: 'secret', username: 'admin', secret: ADMIN_PASSWORD }),
  },
  { method: 'POST', template: '/api/v2/logout', access: AUTHENTICATED, ok: 200, endsSession: true },
  { method: 'GET', template: '/api/v2/self', access: AUTHENTICATED, ok: 200 },
  { method: 'GET', template: '/api/version', access: AUTHENTICATED, ok: 200 },
  { method: 'GET', template: '/api/v2/available-domains', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  { method: 'GET', template: '/api/v2/roles', access: anyOf(Permissions.AuthManageSelf), ok: 200 },
  {
    method: 'GET', template: '/api/v2/roles/{role_id}', access: anyOf(Permissions.AuthManageSelf), ok: 200, target: 'existing id',
    path: () => '/api/v2/roles/1',
  },
  { method: 'GET', template: '/api/v2/permissions', access: anyOf(Permissions.AuthManageSelf), ok: 200 },
  {
    method: 'GET', template: '/api/v2/permissions/{permission_id}', access: anyOf(Permissions.AuthManageSelf), ok: 404,
    target: 'unknown id', path: () => `/api/v2/permissions/${UNKNOWN_INT}`,
  },
  { method: 'GET', template: '/api/v2/graph-users-minimal', access: anyOf(Permissions.AuthReadUsersMinimal), ok: 200 },
  // The pinned reference's route table: auth:ReadUsers (newer versions: auth:ReadUsersMinimal).
  { method: 'GET', template: '/api/v2/bloodhound-users-minimal', access: anyOf(Permissions.AuthReadUsersMinimal), ok: 200 },
  // Any user, for themselves (BHE; nothing is gated on it); a collection client is not a user (404).
  { method: 'PUT', template: '/api/v2/accept-eula', access: AUTHENTICATED, ok: 202 },
  { method: 'GET', template: '/api/v2/bloodhound-users', access: anyOf(Permissions.AuthManageUsers, Permissions.AuthReadUsers), ok: 200 },
  {
    method: 'POST', template: '/api/v2/bloodhound-users', access: anyOf(Permissions.AuthManageUsers), ok: 201,
    body: () => ({ principal: unique('created'), secret: USER_PASSWORD, roles: [2] }),
  },
  {
    method: 'GET', template: '/api/v2/bloodhound-users/{user_id}', access: anyOf(Permissions.AuthManageUsers, Permissions.AuthReadUsers),
    ok: 200, target: 'existing id', path: () => `/api/v2/bloodhound-users/${adminId}`,
  },
  {
    method: 'PATCH', template: '/api/v2/bloodhound-users/{user_id}', access: anyOf(Permissions.AuthManageUsers), ok: 404, target: 'unknown id',
    path: () => `/api/v2/bloodhound-users/${UNKNOWN_UUID}`, body: () => ({ first_name: 'Changed' }),
  },
  {
    method: 'DELETE', template: '/api/v2/bloodhound-users/{user_id}', access: anyOf(Permissions.AuthManageUsers), ok: 404, target: 'unknown id',
    path: () => `/api/v2/bloodhound-users/${UNKNOWN_UUID}`,
  },
  // One's own secret: auth:ManageSelf (or auth:ManageUsers). The secret is set to itself, an expired one stays expired.
  {
    method: 'PUT', template: '/api/v2/bloodhound-users/{user_id}/secret', access: anyOf(Permissions.AuthManageSelf, Permissions.AuthManageUsers),
    ok: 200, target: 'own id', path: (c) => `/api/v2/bloodhound-users/${c.userId ?? UNKNOWN_UUID}/secret`,
    body: (c) => ({ secret: USER_PASSWORD, current_secret: USER_PASSWORD, needs_password_reset: c.expired ?? false }),
  },
  // Another user's secret: auth:ManageUsers only (compat part 1, self-protection).
  {
    method: 'PUT', template: '/api/v2/bloodhound-users/{user_id}/secret', access: anyOf(Permissions.AuthManageUsers), ok: 404, target: 'unknown id',
    path: () => `/api/v2/bloodhound-users/${UNKNOWN_UUID}/secret`, body: () => ({ secret: USER_PASSWORD }),
  },
  // Expiring another user's secret: auth:ManageUsers only (one's own, with auth:ManageSelf, would expire the caller's
  // password mid-matrix: test/identity-permissions.e2e-spec.ts covers it).
  {
    method: 'DELETE', template: '/api/v2/bloodhound-users/{user_id}/secret', access: anyOf(Permissions.AuthManageUsers), ok: 404,
    target: 'unknown id', path: () => `/api/v2/bloodhound-users/${UNKNOWN_UUID}/secret`,
  },
  { method: 'GET', template: '/api/v2/tokens', access: anyOf(Permissions.AuthCreateToken, Permissions.AuthManageUsers), ok: 200 },
  {
    method: 'POST', template: '/api/v2/tokens', access: anyOf(Permissions.AuthCreateToken, Permissions.AuthManageUsers), ok: 201,
    body: () => ({ token_name: unique('matrix') }),
  },
  {
    method: 'DELETE', template: '/api/v2/tokens/{token_id}', access: anyOf(Permissions.AuthCreateToken, Permissions.AuthManageUsers), ok: 404, target: 'unknown id',
    path: () => `/api/v2/tokens/${UNKNOWN_UUID}`,
  },
  { method: 'GET', template: '/api/v2/sso-providers', access: anyOf(Permissions.AuthManageProviders), ok: 200 },
  {
    method: 'POST', template: '/api/v2/sso-providers/oidc', access: anyOf(Permissions.AuthManageProviders), ok: 201,
    body: () => ({ name: unique('oidc'), client_id: 'pathwarden', issuer: 'https://idp.example.com/' }),
  },
  {
    method: 'POST', template: '/api/v2/sso-providers/saml', access: anyOf(Permissions.AuthManageProviders), ok: 201,
    body: () => ({ name: unique('saml'), metadata: IDP_METADATA }),
  },
  {
    method: 'DELETE', template: '/api/v2/sso-providers/{sso_provider_id}', access: anyOf(Permissions.AuthManageProviders), ok: 404, target: 'unknown id',
    path: () => `/api/v2/sso-providers/${UNKNOWN_INT}`,
  },
  { method: 'GET', template: '/api/v2/saml', access: anyOf(Permissions.AuthManageProviders), ok: 200 },
  // Graph: on an empty graph, a Cypher read matches nothing (404); the other rows are refused before any look-up.
  {
    method: 'POST', template: '/api/v2/graphs/cypher', access: anyOf(Permissions.GraphDBRead), ok: 404,
    body: () => ({ query: 'MATCH (n:User) RETURN n LIMIT 1' }),
  },
  { method: 'GET', template: '/api/v2/search', access: anyOf(Permissions.GraphDBRead), ok: 200, path: () => '/api/v2/search?q=admin' },
  {
    method: 'GET', template: '/api/v2/graphs/edge-composition', access: anyOf(Permissions.GraphDBRead), ok: 400,
    path: () => '/api/v2/graphs/edge-composition?edge_type=GoldenCert&source_node=1&target_node=2',
  },
  {
    method: 'GET', template: '/api/v2/graphs/shortest-path', access: anyOf(Permissions.GraphDBRead), ok: 400,
    path: () => '/api/v2/graphs/shortest-path?start_node=S-1-5-21-0-500',
  },
  { method: 'GET', template: '/api/v2/graphs/kinds', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  { method: 'GET', template: '/api/v2/graphs/source-kinds', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  { method: 'GET', template: '/api/v2/graph-schema/edges', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  { method: 'GET', template: '/api/v2/graph-search', access: anyOf(Permissions.GraphDBRead), ok: 200, path: () => '/api/v2/graph-search?query=admin' },
  {
    method: 'GET', template: '/api/v2/pathfinding', access: anyOf(Permissions.GraphDBRead), ok: 400,
    path: () => '/api/v2/pathfinding?start_node=S-1-5-21-0-500',
  },
  {
    method: 'GET', template: '/api/v2/graphs/relay-targets', access: anyOf(Permissions.GraphDBRead), ok: 400,
    path: () => '/api/v2/graphs/relay-targets?edge_type=CoerceAndRelayNTLMToSMB&source_node=1&target_node=2',
  },
  {
    method: 'GET', template: '/api/v2/graphs/acl-inheritance', access: anyOf(Permissions.GraphDBRead), ok: 400,
    path: () => '/api/v2/graphs/acl-inheritance?edge_type=GenericAll&source_node=1&target_node=2',
  },
  { method: 'GET', template: '/api/v2/completeness', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  {
    method: 'GET', template: '/api/v2/computers/{object_id}/constrained-delegation-rights', access: anyOf(Permissions.GraphDBRead),
    ok: 400, path: () => '/api/v2/computers/S-1-5-21-0-1000/constrained-delegation-rights?type=count',
  },
  {
    method: 'GET', template: '/api/v2/azure/{entity_type}', access: anyOf(Permissions.GraphDBRead), ok: 400,
    path: () => '/api/v2/azure/users',
  },
  {
    method: 'PATCH', template: '/api/v2/domains/{object_id}', access: anyOf(Permissions.GraphDBWrite), ok: 400,
    path: () => '/api/v2/domains/S-1-5-21-0', body: () => ({}),
  },
  {
    method: 'GET', template: '/api/v2/meta/{object_id}', access: anyOf(Permissions.GraphDBRead), ok: 400,
    path: () => '/api/v2/meta/M-1?counts=maybe',
  },
  {
    method: 'GET', template: '/api/v2/asset-groups/{asset_group_id}/combo-node', access: anyOf(Permissions.GraphDBRead), ok: 200,
    target: 'existing id', path: () => '/api/v2/asset-groups/1/combo-node',
  },
  // Entity panels (the reference's route table): a bad counts or type value is refused after authorization.
  ...referenceRoutes()
    .filter((route) => route.method === 'GET' && ENTITY_ROUTE.test(route.path)
      && route.path !== '/api/v2/computers/{object_id}/constrained-delegation-rights')
    .map((route): Route => ({
      method: 'GET', template: route.path, access: anyOf(Permissions.GraphDBRead), ok: 400,
      path: () => `${route.path.replace('{object_id}', 'S-1-5-21-0-1000')}?${route.path.endsWith('}') ? 'counts=maybe' : 'type=count'}`,
    })),
  // Asset groups and tags: seeded tag 1 (Tier Zero) and asset group 1 exist; writes name unknown ids (404) or
  // create uniquely named records.
  { method: 'GET', template: '/api/v2/asset-group-tags', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  {
    method: 'POST', template: '/api/v2/asset-group-tags', access: anyOf(Permissions.GraphDBWrite), ok: 201,
    body: () => ({ name: `matrix_${++serial}`, type: 2 }),
  },
  {
    method: 'GET', template: '/api/v2/asset-group-tags/{asset_group_tag_id}', access: anyOf(Permissions.GraphDBRead), ok: 200,
    target: 'existing id', path: () => '/api/v2/asset-group-tags/1',
  },
  {
    method: 'PATCH', template: '/api/v2/asset-group-tags/{asset_group_tag_id}', access: anyOf(Permissions.GraphDBWrite), ok: 404,
    target: 'unknown id', path: () => `/api/v2/asset-group-tags/${UNKNOWN_INT}`, body: () => ({ description: 'x' }),
  },
  {
    method: 'DELETE', template: '/api/v2/asset-group-tags/{asset_group_tag_id}', access: anyOf(Permissions.GraphDBWrite), ok: 404,
    target: 'unknown id', path: () => `/api/v2/asset-group-tags/${UNKNOWN_INT}`,
  },
  {
    method: 'GET', template: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors', access: anyOf(Permissions.GraphDBRead), ok: 200,
    target: 'existing id', path: () => '/api/v2/asset-group-tags/1/selectors',
  },
  {
    method: 'POST', template: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors', access: anyOf(Permissions.GraphDBWrite), ok: 404,
    target: 'unknown id', path: () => `/api/v2/asset-group-tags/${UNKNOWN_INT}/selectors`,
    body: () => ({ name: 'matrix', seeds: [{ type: 1, value: 'S-1-5-21-0-500' }] }),
  },
  {
    method: 'GET', template: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}',
    access: anyOf(Permissions.GraphDBRead), ok: 404, target: 'unknown id', path: () => `/api/v2/asset-group-tags/1/selectors/${UNKNOWN_INT}`,
  },
  {
    method: 'PATCH', template: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}',
    access: anyOf(Permissions.GraphDBWrite), ok: 404, target: 'unknown id',
    path: () => `/api/v2/asset-group-tags/1/selectors/${UNKNOWN_INT}`, body: () => ({ description: 'x' }),
  },
  {
    method: 'DELETE', template: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}',
    access: anyOf(Permissions.GraphDBWrite), ok: 404, target: 'unknown id', path: () => `/api/v2/asset-group-tags/1/selectors/${UNKNOWN_INT}`,
  },
  {
    method: 'GET', template: '/api/v2/asset-group-tags/{asset_group_tag_id}/members', access: anyOf(Permissions.GraphDBRead), ok: 200,
    target: 'existing id', path: () => '/api/v2/asset-group-tags/1/members',
  },
  {
    method: 'GET', template: '/api/v2/asset-group-tags/{asset_group_tag_id}/members/counts', access: anyOf(Permissions.GraphDBRead),
    ok: 200, target: 'existing id', path: () => '/api/v2/asset-group-tags/1/members/counts',
  },
  {
    method: 'GET', template: '/api/v2/asset-group-tags/{asset_group_tag_id}/members/{member_id}', access: anyOf(Permissions.GraphDBRead),
    ok: 404, target: 'unknown id', path: () => `/api/v2/asset-group-tags/1/members/${UNKNOWN_INT}`,
  },
  {
    method: 'GET', template: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}/members',
    access: anyOf(Permissions.GraphDBRead), ok: 404, target: 'unknown id',
    path: () => `/api/v2/asset-group-tags/1/selectors/${UNKNOWN_INT}/members`,
  },
  {
    method: 'GET', template: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}/members/counts',
    access: anyOf(Permissions.GraphDBRead), ok: 404, target: 'unknown id',
    path: () => `/api/v2/asset-group-tags/1/selectors/${UNKNOWN_INT}/members/counts`,
  },
  { method: 'POST', template: '/api/v2/asset-group-tags/evaluation', access: anyOf(Permissions.GraphDBWrite), ok: 200 },
  {
    method: 'POST', template: '/api/v2/asset-group-tags/certifications', access: anyOf(Permissions.GraphDBWrite), ok: 200,
    body: () => ({ member_ids: [Number(UNKNOWN_INT)], action: 2 }),
  },
  { method: 'GET', template: '/api/v2/asset-group-tags/certifications', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  { method: 'GET', template: '/api/v2/asset-groups', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  {
    method: 'GET', template: '/api/v2/asset-groups/{asset_group_id}', access: anyOf(Permissions.GraphDBRead), ok: 200,
    target: 'existing id', path: () => '/api/v2/asset-groups/1',
  },
  {
    method: 'PUT', template: '/api/v2/asset-groups/{asset_group_id}', access: anyOf(Permissions.GraphDBWrite), ok: 404,
    target: 'unknown id', path: () => `/api/v2/asset-groups/${UNKNOWN_INT}`, body: () => ({ name: 'renamed' }),
  },
  {
    method: 'GET', template: '/api/v2/asset-groups/{asset_group_id}/members', access: anyOf(Permissions.GraphDBRead), ok: 200,
    target: 'existing id', path: () => '/api/v2/asset-groups/1/members',
  },
  {
    method: 'POST', template: '/api/v2/asset-groups', access: anyOf(Permissions.GraphDBWrite), ok: 201,
    body: () => {
      const name = unique('group');
      return { name, tag: name };
    },
  },
  {
    method: 'DELETE', template: '/api/v2/asset-groups/{asset_group_id}', access: anyOf(Permissions.GraphDBWrite), ok: 404,
    target: 'unknown id', path: () => `/api/v2/asset-groups/${UNKNOWN_INT}`,
  },
  {
    method: 'PUT', template: '/api/v2/asset-groups/{asset_group_id}/selectors', access: anyOf(Permissions.GraphDBWrite), ok: 404,
    target: 'unknown id', path: () => `/api/v2/asset-groups/${UNKNOWN_INT}/selectors`, body: () => [],
  },
  {
    method: 'POST', template: '/api/v2/asset-groups/{asset_group_id}/selectors', access: anyOf(Permissions.GraphDBWrite), ok: 404,
    target: 'unknown id', path: () => `/api/v2/asset-groups/${UNKNOWN_INT}/selectors`, body: () => [],
  },
  {
    method: 'DELETE', template: '/api/v2/asset-groups/{asset_group_id}/selectors/{asset_group_selector_id}',
    access: anyOf(Permissions.GraphDBWrite), ok: 404, target: 'unknown id', path: () => `/api/v2/asset-groups/${UNKNOWN_INT}/selectors/1`,
  },
  {
    method: 'GET', template: '/api/v2/asset-groups/{asset_group_id}/collections', access: anyOf(Permissions.GraphDBRead), ok: 200,
    target: 'existing id', path: () => '/api/v2/asset-groups/1/collections',
  },
  {
    method: 'GET', template: '/api/v2/asset-groups/{asset_group_id}/members/counts', access: anyOf(Permissions.GraphDBRead), ok: 200,
    target: 'existing id', path: () => '/api/v2/asset-groups/1/members/counts',
  },
  {
    method: 'GET', template: '/api/v2/asset-groups/{asset_group_id}/custom-selectors', access: anyOf(Permissions.GraphDBRead), ok: 200,
    target: 'existing id', path: () => '/api/v2/asset-groups/1/custom-selectors',
  },
  {
    method: 'POST', template: '/api/v2/asset-group-tags/search', access: anyOf(Permissions.GraphDBRead), ok: 200,
    body: () => ({ query: 'tier', tag_type: 1 }),
  },
  {
    method: 'POST', template: '/api/v2/asset-group-tags/preview-selectors', access: anyOf(Permissions.GraphDBRead), ok: 200,
    body: () => ({ seeds: [{ type: 1, value: 'S-1-5-21-0-500' }] }),
  },
  { method: 'GET', template: '/api/v2/asset-group-tags-history', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  {
    method: 'POST', template: '/api/v2/asset-group-tags-history', access: anyOf(Permissions.GraphDBRead), ok: 200,
    body: () => ({ query: 'tag' }),
  },
  { method: 'GET', template: '/api/v2/posture-stats', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  // Saved queries. Routes whose unknown id has a message of its own (`query not found`, ...) are called with a
  // malformed id: 400 once authorized.
  { method: 'GET', template: '/api/v2/saved-queries', access: anyOf(Permissions.SavedQueriesRead), ok: 200 },
  {
    method: 'POST', template: '/api/v2/saved-queries', access: anyOf(Permissions.SavedQueriesWrite), ok: 201,
    body: () => ({ name: unique('matrix query'), query: 'MATCH (n) RETURN n' }),
  },
  {
    method: 'GET', template: '/api/v2/saved-queries/export', access: anyOf(Permissions.SavedQueriesRead), ok: 200,
    path: () => '/api/v2/saved-queries/export?scope=owned',
  },
  {
    method: 'POST', template: '/api/v2/saved-queries/import', access: anyOf(Permissions.SavedQueriesWrite), ok: 201,
    body: () => ({ name: unique('matrix import'), query: 'MATCH (n) RETURN n' }),
  },
  {
    method: 'GET', template: '/api/v2/saved-queries/{saved_query_id}', access: anyOf(Permissions.SavedQueriesRead), ok: 400,
    path: () => '/api/v2/saved-queries/x',
  },
  {
    method: 'PUT', template: '/api/v2/saved-queries/{saved_query_id}', access: anyOf(Permissions.SavedQueriesWrite), ok: 400,
    path: () => '/api/v2/saved-queries/x', body: () => ({ name: 'renamed' }),
  },
  {
    method: 'DELETE', template: '/api/v2/saved-queries/{saved_query_id}', access: anyOf(Permissions.SavedQueriesWrite), ok: 400,
    path: () => '/api/v2/saved-queries/x',
  },
  {
    method: 'GET', template: '/api/v2/saved-queries/{saved_query_id}/export', access: anyOf(Permissions.SavedQueriesRead), ok: 404,
    target: 'unknown id', path: () => `/api/v2/saved-queries/${UNKNOWN_INT}/export`,
  },
  {
    method: 'GET', template: '/api/v2/saved-queries/{saved_query_id}/permissions', access: anyOf(Permissions.SavedQueriesRead),
    ok: 400, path: () => '/api/v2/saved-queries/x/permissions',
  },
  {
    method: 'PUT', template: '/api/v2/saved-queries/{saved_query_id}/permissions', access: anyOf(Permissions.SavedQueriesWrite),
    ok: 400, path: () => '/api/v2/saved-queries/x/permissions', body: () => ({ public: true }),
  },
  {
    method: 'DELETE', template: '/api/v2/saved-queries/{saved_query_id}/permissions', access: anyOf(Permissions.SavedQueriesWrite),
    ok: 404, target: 'unknown id', path: () => `/api/v2/saved-queries/${UNKNOWN_INT}/permissions`, body: () => ({ user_ids: [] }),
  },
  // Scheduled collection (compat part 1 "Permissions").
  { method: 'GET', template: '/api/v2/clients', access: anyOf(Permissions.ClientsRead), ok: 200 },
  {
    method: 'POST', template: '/api/v2/clients', access: anyOf(Permissions.ClientsManage), ok: 201,
    body: () => ({ name: unique('matrix-client'), type: 'sharphound' }),
  },
  ...(['GET', 'PUT', 'DELETE'] as const).map((method): Route => ({
    method, template: '/api/v2/clients/{client_id}', access: anyOf(method === 'GET' ? Permissions.ClientsRead : Permissions.ClientsManage),
    ok: 404, target: 'unknown id', path: () => `/api/v2/clients/${UNKNOWN_UUID}`,
    body: method === 'PUT' ? () => ({ name: unique('renamed-client') }) : undefined,
  })),
  {
    method: 'PUT', template: '/api/v2/clients/{client_id}/token', access: anyOf(Permissions.ClientsManage), ok: 404, target: 'unknown id',
    path: () => `/api/v2/clients/${UNKNOWN_UUID}/token`,
  },
  ...['completed-jobs', 'completed_jobs', 'completed-tasks'].map((leaf): Route => ({
    method: 'GET', template: `/api/v2/clients/{client_id}/${leaf}`, access: anyOf(Permissions.ClientsRead), ok: 404,
    target: 'unknown id', path: () => `/api/v2/clients/${UNKNOWN_UUID}/${leaf}`,
  })),
  {
    method: 'POST', template: '/api/v2/clients/{client_id}/jobs', access: anyOf(Permissions.ClientsManage), ok: 404,
    target: 'unknown id', path: () => `/api/v2/clients/${UNKNOWN_UUID}/jobs`, body: () => collectionFlag,
  },
  { method: 'PUT', template: '/api/v2/clients/update', access: CLIENT_ONLY, ok: 200, body: () => ({ hostname: 'matrix-host' }) },
  { method: 'GET', template: '/api/v2/jobs', access: anyOf(Permissions.ClientsRead), ok: 200 },
  { method: 'GET', template: '/api/v2/jobs/finished', access: anyOf(Permissions.ClientsRead), ok: 200 },
  {
    method: 'GET', template: '/api/v2/jobs/{job_id}/log', access: anyOf(Permissions.ClientsRead), ok: 404, target: 'unknown id',
    path: () => `/api/v2/jobs/${UNKNOWN_INT}/log`,
  },
  {
    method: 'GET', template: '/api/v2/jobs/{job_id}', access: anyOf(Permissions.ClientsRead), ok: 404, target: 'unknown id',
    path: () => `/api/v2/jobs/${UNKNOWN_INT}`,
  },
  {
    method: 'PUT', template: '/api/v2/jobs/{job_id}/cancel', access: anyOf(Permissions.ClientsManage), ok: 404, target: 'unknown id',
    path: () => `/api/v2/jobs/${UNKNOWN_INT}/cancel`,
  },
  { method: 'GET', template: '/api/v2/jobs/available', access: CLIENT_ONLY, ok: 200 },
  // The matrix client runs no job: current and end find none, start names an unknown job.
  { method: 'GET', template: '/api/v2/jobs/current', access: CLIENT_ONLY, ok: 404 },
  { method: 'POST', template: '/api/v2/jobs/start', access: CLIENT_ONLY, ok: 404, body: () => ({ id: Number(UNKNOWN_INT) }) },
  { method: 'POST', template: '/api/v2/jobs/end', access: CLIENT_ONLY, ok: 404, body: () => ({ status: 'COMPLETE', message: 'done' }) },
  { method: 'GET', template: '/api/v2/tasks/available', access: anyOfOrClient(Permissions.ClientsRead), ok: 200 },
  { method: 'GET', template: '/api/v2/events', access: anyOf(Permissions.ClientsRead), ok: 200 },
  {
    method: 'POST', template: '/api/v2/events', access: anyOf(Permissions.ClientsManage), ok: 404, target: 'unknown id',
    body: () => ({ client_id: UNKNOWN_UUID, ...collectionFlag }),
  },
  ...(['GET', 'PUT', 'DELETE'] as const).map((method): Route => ({
    method, template: '/api/v2/events/{event_id}', access: anyOf(method === 'GET' ? Permissions.ClientsRead : Permissions.ClientsManage),
    ok: 404, target: 'unknown id', path: () => `/api/v2/events/${UNKNOWN_INT}`,
    body: method === 'PUT' ? () => collectionFlag : undefined,
  })),
  // Collector releases: any authenticated caller, both editions. The test app has no collectors folder.
  { method: 'GET', template: '/api/v2/collectors/{collector_type}', access: AUTHENTICATED, ok: 200, path: () => '/api/v2/collectors/sharphound' },
  {
    method: 'GET', template: '/api/v2/collectors/{collector_type}/{release_tag}', access: AUTHENTICATED, ok: 404, target: 'unknown id',
    path: () => '/api/v2/collectors/sharphound/v9.9.9',
  },
  {
    method: 'GET', template: '/api/v2/collectors/{collector_type}/{release_tag}/checksum', access: AUTHENTICATED, ok: 404,
    target: 'unknown id', path: () => '/api/v2/collectors/azurehound/latest/checksum',
  },
  { method: 'GET', template: '/api/v2/kennel/manifest', access: AUTHENTICATED, ok: 200 },
  // File upload: graphdb:Ingest; a job of one's own is created, the other rows name an unknown job.
  { method: 'GET', template: '/api/v2/file-upload', access: anyOf(Permissions.GraphDBIngest), ok: 200 },
  { method: 'GET', template: '/api/v2/file-upload/accepted-types', access: anyOf(Permissions.GraphDBIngest), ok: 200 },
  { method: 'POST', template: '/api/v2/file-upload/start', access: anyOf(Permissions.GraphDBIngest), ok: 201 },
  {
    method: 'POST', template: '/api/v2/file-upload/{file_upload_job_id}', access: anyOf(Permissions.GraphDBIngest), ok: 404,
    target: 'unknown id', path: () => `/api/v2/file-upload/${UNKNOWN_INT}`, body: () => ({ data: [], meta: { type: 'users', version: 6 } }),
  },
  {
    method: 'POST', template: '/api/v2/file-upload/{file_upload_job_id}/end', access: anyOf(Permissions.GraphDBIngest), ok: 404,
    target: 'unknown id', path: () => `/api/v2/file-upload/${UNKNOWN_INT}/end`,
  },
  {
    method: 'GET', template: '/api/v2/file-upload/{file_upload_job_id}/completed-tasks', access: anyOf(Permissions.GraphDBIngest),
    ok: 404, target: 'unknown id', path: () => `/api/v2/file-upload/${UNKNOWN_INT}/completed-tasks`,
  },
  // The matrix client runs no job, so its upload is refused after authorization.
  { method: 'POST', template: '/api/v2/ingest', access: CLIENT_ONLY, ok: 400, body: () => ({ data: [], meta: { type: 'users', version: 6 } }) },
  { method: 'GET', template: '/api/v2/datapipe/status', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  { method: 'GET', template: '/api/v2/analysis/status', access: anyOf(Permissions.GraphDBRead), ok: 200 },
  // In this order for every caller: a request is made, read back, then cancelled.
  { method: 'PUT', template: '/api/v2/analysis', access: anyOf(Permissions.GraphDBWrite), ok: 202 },
  { method: 'GET', template: '/api/v2/analysis', access: anyOf(Permissions.GraphDBWrite), ok: 200 },
  { method: 'DELETE', template: '/api/v2/analysis', access: anyOf(Permissions.GraphDBWrite), ok: 204 },
  // Wipes only the posture statistics: the other suites' data stays.
  {
    method: 'POST', template: '/api/v2/clear-database', access: anyOf(Permissions.DBWipe), ok: 204,
    body: () => ({ deleteDataQualityHistory: true }),
  },
  { method: 'GET', template: '/api/v2/custom-nodes', access: AUTHENTICATED, ok: 200 },
  {
    method: 'POST', template: '/api/v2/custom-nodes', access: anyOf(Permissions.GraphDBWrite), ok: 201,
    body: () => ({ custom_types: { [unique('MatrixKind')]: { icon: { type: 'font-awesome', name: 'user', color: '#FFFFFF' } } } }),
  },
  {
    method: 'GET', template: '/api/v2/custom-nodes/{kind_name}', access: AUTHENTICATED, ok: 404, target: 'unknown id',
    path: () => '/api/v2/custom-nodes/NoSuchKind',
  },
  {
    method: 'PUT', template: '/api/v2/custom-nodes/{kind_name}', access: anyOf(Permissions.GraphDBWrite), ok: 404, target: 'unknown id',
    path: () => '/api/v2/custom-nodes/NoSuchKind', body: () => ({ config: { icon: { type: 'font-awesome', name: 'user' } } }),
  },
  {
    method: 'DELETE', template: '/api/v2/custom-nodes/{kind_name}', access: anyOf(Permissions.GraphDBWrite), ok: 404, target: 'unknown id',
    path: () => '/api/v2/custom-nodes/NoSuchKind',
  },
];

const TOKEN_FAILED = 'Token Authorization failed.';

/** Role users log in with a session and also call through a signed API token of their own. */
const roleCallers = ROLE_SEEDS.flatMap((role): Caller[] => [
  { name: `${role.name} (session)`, permissions: new Set(role.permissions) },
  { name: `${role.name} (API token)`, permissions: new Set(role.permissions) },
]);
const callers: Caller[] = [
  ...roleCallers,
  { name: 'a collection client (signed)', permissions: new Set([Permissions.ClientsTasking]), client: true },
  { name: 'expired-password Administrator (session)', permissions: new Set([Permissions.AuthManageSelf]), expired: true },
  { name: 'no Authorization header', permissions: null, unauthenticated: 'not authenticated', headers: () => ({}) },
  { name: 'a garbage bearer token', permissions: null, unauthenticated: TOKEN_FAILED, headers: () => ({ Authorization: 'Bearer abc.def.ghi' }) },
  { name: 'a logged-out session', permissions: null, unauthenticated: TOKEN_FAILED },
];

/** What the table says a caller gets: the status, and the message when refused. */
function expected(route: Route, caller: Caller): { status: number; message?: string } {
  if (route.access.kind === 'public') return { status: route.ok };
  if (caller.permissions === null) return { status: 401, message: caller.unauthenticated };
  // A client is not a user: the user's own record is not found.
  if (caller.client && ['/api/v2/self', '/api/v2/accept-eula'].includes(route.template)) {
    return { status: 404, message: 'resource not found' };
  }
  if (route.access.kind === 'authenticated') return { status: route.ok };
  if (route.access.kind === 'client') {
    if (caller.client) return { status: route.ok };
    return caller.permissions.has(Permissions.ClientsTasking)
      ? { status: 404, message: 'resource not found' }
      : { status: 403, message: 'not authorized' };
  }
  if (caller.client && route.access.clientsToo) return { status: route.ok };
  return route.access.anyOf.some((p) => caller.permissions!.has(p))
    ? { status: route.ok }
    : { status: 403, message: 'not authorized' };
}

describe('permission matrix', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const adminToken = await login(t, 'admin', ADMIN_PASSWORD);
    adminId = (await t.http().get('/api/v2/self').set('Authorization', bearer(adminToken))).body.data.id;

    for (const role of ROLE_SEEDS) {
      const principal = `matrix-${role.name.toLowerCase().replace(/[^a-z]+/g, '-')}`;
      const id = await createUser(t, adminToken, { principal, role: role.name });
      const session = await login(t, principal, USER_PASSWORD);
      const viaSession = callers.find((c) => c.name === `${role.name} (session)`)!;
      Object.assign(viaSession, {
        userId: id,
        headers: () => ({ Authorization: bearer(session) }),
        freshHeaders: async () => ({ Authorization: bearer(await login(t, principal, USER_PASSWORD)) }),
      });
      // Created by the administrator: a role without auth:CreateToken (Upload-Only) cannot make its own.
      const viaToken = callers.find((c) => c.name === `${role.name} (API token)`)!;
      Object.assign(viaToken, { userId: id, token: await createApiToken(t, adminToken, `${principal} key`, id) });
    }

    const expiredPrincipal = 'matrix-expired';
    const expiredId = await createUser(t, adminToken, { principal: expiredPrincipal, role: 'Administrator', needsPasswordReset: true });
    const expiredSession = await login(t, expiredPrincipal, USER_PASSWORD);
    Object.assign(callers.find((c) => c.expired)!, {
      userId: expiredId,
      headers: () => ({ Authorization: bearer(expiredSession) }),
      freshHeaders: async () => ({ Authorization: bearer(await login(t, expiredPrincipal, USER_PASSWORD)) }),
    });

    const client = await t.http().post('/api/v2/clients').set('Authorization', bearer(adminToken))
      .send({ name: 'matrix-collector', type: 'sharphound' });
    if (client.status !== 201) throw new Error(`creating the matrix client failed: ${client.status} ${client.text}`);
    callers.find((c) => c.client)!.token = { id: client.body.data.token.id, key: client.body.data.token.key };

    const loggedOut = await login(t, 'admin', ADMIN_PASSWORD);
    await t.http().post('/api/v2/logout').set('Authorization', bearer(loggedOut)).expect(200);
    callers.find((c) => c.name === 'a logged-out session')!.headers = () => ({ Authorization: bearer(loggedOut) });
  });
  afterAll(() => t.close());

  async function call(route: Route, caller: Caller): Promise<Response> {
    const path = route.path ? route.path(caller) : route.template;
    const body = route.body?.(caller);
    if (caller.token) return signed(t, caller.token, route.method, path, body ? { body: JSON.stringify(body) } : {});
    const headers = route.endsSession && caller.freshHeaders ? await caller.freshHeaders() : caller.headers!();
    const req = send(t, route.method, path).set(headers);
    return body ? req.send(body) : req;
  }

  it('covers every route of the OpenAPI document', async () => {
    const doc = await t.http().get('/api/v2/spec/openapi.json');
    expect(doc.status).toBe(200);
    const documented = Object.entries(doc.body.paths as Record<string, object>)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    const covered = new Set(ROUTES.map((r) => `${r.method} ${r.template}`));
    expect(documented.filter((route) => !covered.has(route))).toEqual([]);
    const stale = ROUTES.filter((r) => !r.undocumented).map((r) => `${r.method} ${r.template}`).filter((r) => !documented.includes(r));
    expect(stale).toEqual([]);
  });

  it('gives every built-in role the permissions this matrix assumes', async () => {
    const res = await t.http().get('/api/v2/roles').set(callers[0].headers!());
    const served = Object.fromEntries(
      (res.body.data.roles as { name: string; permissions: { authority: string; name: string }[] }[])
        .map((role) => [role.name, role.permissions.map((p) => `${p.authority}:${p.name}`).sort()]),
    );
    expect(served).toEqual(Object.fromEntries(ROLE_SEEDS.map((role) => [role.name, [...role.permissions].sort()])));
  });

  for (const caller of callers) {
    describe(`as ${caller.name}`, () => {
      for (const route of ROUTES) {
        const want = expected(route, caller);
        const label = `${route.method} ${route.template}${route.target ? ` (${route.target})` : ''}`;
        it(`${label} → ${want.status}${want.message ? ` ${want.message}` : ''}`, async () => {
          const res = await call(route, caller);
          if (want.message !== undefined) {
            expect(errorMessage(res, want.status)).toBe(want.message);
          } else {
            if (res.status !== want.status) throw new Error(`expected ${want.status}, got ${res.status}: ${res.text.slice(0, 300)}`);
            if (want.status === 404) expect(errorMessage(res, 404)).toBe('resource not found');
          }
        });
      }
    });
  }

  describe('unknown routes', () => {
    const unknown: [HttpMethod, string][] = [
      ['GET', '/api/v2/nope'],
      ['POST', '/api/v2/nope'],
      ['GET', '/api/v2'],
      ['PUT', '/api/v2/self'],
      ['DELETE', '/api/v2/tokens'],
      ['GET', '/api/v2/bloodhound-users/x/y'],
      ['POST', '/api/v2/health'],
    ];
    for (const [method, path] of unknown) {
      it(`answers 404 resource not found for ${method} ${path} without a token`, async () => {
        expect(errorMessage(await send(t, method, path), 404)).toBe('resource not found');
      });
      it(`answers 404 resource not found for ${method} ${path} with a malformed Authorization header`, async () => {
        expect(errorMessage(await send(t, method, path).set('Authorization', 'Basic x'), 404)).toBe('resource not found');
      });
    }

    for (const path of ['/api/nope', '/api/v1/self', '/api/v2/nope']) {
      it(`answers 404 resource not found for GET ${path} without a token`, async () => {
        expect(errorMessage(await send(t, 'GET', path), 404)).toBe('resource not found');
      });
    }
  });
});
