import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_PASSWORD, createTestApp, login, type TestApp } from './support/test-app.js';
import { bearer } from './support/auth.js';

/**
 * WIRE_FORMAT (issue 19): the default `spec` writes nullable fields as the spec's wrappers (§2.1); `bloodhound`
 * writes them as the reference server does (plain value or null; deleted_at as Go's sql.NullTime), on every route.
 */
describe.each([
  ['spec', { saml_provider_id: { int32: 0, valid: false }, deleted_at: { time: '0001-01-01T00:00:00Z', valid: false } }],
  ['bloodhound', { saml_provider_id: null, deleted_at: { Time: '0001-01-01T00:00:00Z', Valid: false } }],
])('WIRE_FORMAT=%s', (format, expected) => {
  let t: TestApp;
  let admin: string;
  const get = (path: string) => t.http().get(path).set('Authorization', bearer(admin));

  beforeAll(async () => {
    t = await createTestApp({ env: { WIRE_FORMAT: format } });
    admin = await login(t, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('writes a user\'s nullable fields and deleted_at in this format', async () => {
    const self = (await get('/api/v2/self')).body.data;
    expect(self).toMatchObject(expected);
    const listed = (await get('/api/v2/bloodhound-users')).body.data.users;
    expect(listed[0]).toMatchObject(expected);
  });

  it('writes nested wrappers too (a role\'s permissions) and leaves errors as they are', async () => {
    const role = (await get('/api/v2/roles')).body.data.roles[0];
    expect(role.permissions[0].deleted_at).toEqual(expected.deleted_at);
    const refused = await t.http().get('/api/v2/self');
    expect(refused.status).toBe(401);
    expect(Object.keys(refused.body).sort()).toEqual(['errors', 'http_status', 'request_id', 'timestamp']);
  });

  it('names an asset group\'s selectors as this format does', async () => {
    const group = (await get('/api/v2/asset-groups')).body.data.asset_groups[0];
    expect(Object.keys(group)).toContain(format === 'bloodhound' ? 'Selectors' : 'selectors');
    expect(Object.keys(group)).not.toContain(format === 'bloodhound' ? 'selectors' : 'Selectors');
  });
});
