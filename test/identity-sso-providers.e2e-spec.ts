import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  adminCaller, Caller, createOidcProvider, createUser, errorMessages, NULL_TIME, RFC3339, Roles, samlMetadata, uniqueName,
  userSession, userShape, type WireUser,
} from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const ROOT = 'https://pathwarden.example.com';
const TIMESTAMP = expect.stringMatching(RFC3339);
const MIB = 1024 * 1024;

interface WireProvider {
  id: number;
  name: string;
  slug: string;
  type: 'SAML' | 'OIDC';
  details: { id: number; [field: string]: unknown };
  [field: string]: unknown;
}

/** Every field of a wire OIDC SSO provider. */
function oidcShape(p: { name: string; slug: string; client_id: string; issuer: string; config?: object }) {
  const id = expect.any(Number);
  return {
    id,
    name: p.name,
    slug: p.slug,
    type: 'OIDC',
    details: {
      id, client_id: p.client_id, issuer: p.issuer, sso_provider_id: id,
      created_at: TIMESTAMP, updated_at: TIMESTAMP, deleted_at: NULL_TIME,
    },
    config: p.config ?? { auto_provision: { enabled: false, default_role_id: Roles.ReadOnly, role_provision: false } },
    login_uri: `${ROOT}/api/v2/sso/${p.slug}/login`,
    callback_uri: `${ROOT}/api/v2/sso/${p.slug}/callback`,
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
  };
}

/** Every field of a wire SAML provider (the deprecated listing's element and a SAML SSO provider's details). */
function samlDetailsShape(p: { name: string; sso_provider_id: number; idp_issuer_uri: string; idp_sso_uri: string }) {
  const sp = `${ROOT}/api/v2/sso/${p.name}`;
  return {
    id: expect.any(Number),
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
    deleted_at: NULL_TIME,
    name: p.name,
    display_name: p.name,
    idp_issuer_uri: p.idp_issuer_uri,
    idp_sso_uri: p.idp_sso_uri,
    principal_attribute_mappings: null,
    sp_issuer_uri: sp,
    sp_sso_uri: `${sp}/login`,
    sp_metadata_uri: `${sp}/metadata`,
    sp_acs_uri: `${sp}/callback`,
    sso_provider_id: { int32: p.sso_provider_id, valid: true },
    root_uri_version: 2,
  };
}

describe('SSO providers', () => {
  let t: TestApp;
  let admin: Caller;
  /** A user without auth:ManageProviders. */
  let plain: Caller;

  /** POST /sso-providers/saml as multipart: field `name`, file `metadata`. */
  function uploadSaml(name: string | undefined, metadata: string | Buffer | undefined, caller: Caller = admin) {
    let req = t.http().post('/api/v2/sso-providers/saml');
    if (caller.token) req = req.set('Authorization', `Bearer ${caller.token}`);
    if (name !== undefined) req = req.field('name', name);
    if (metadata !== undefined) req = req.attach('metadata', Buffer.from(metadata), 'idp-metadata.xml');
    return req;
  }

  async function createSaml(name = uniqueName('saml')): Promise<WireProvider> {
    const res = await uploadSaml(name, samlMetadata());
    if (res.status !== 201) throw new Error(`create saml provider: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as WireProvider;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { ROOT_URL: `${ROOT}/` } });
    admin = await adminCaller(t);
    plain = (await userSession(t, admin, Roles.PowerUser)).caller;
  });
  afterAll(() => t.close());

  describe('GET /api/v2/sso-providers', () => {
    it('answers an empty list before any provider exists', async () => {
      const res = await admin.get('/sso-providers');
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({ data: [] });
    });

    it('lists every provider by id with every field', async () => {
      const oidc = await createOidcProvider(admin, 'listed-oidc');
      const saml = await createSaml('listed-saml');
      const res = await admin.get('/sso-providers');
      expect(res.status).toBe(200);
      const listed = (res.body.data as WireProvider[]).filter((p) => p.id === oidc.id || p.id === saml.id);
      expect(listed).toStrictEqual([oidc, saml]);
      const ids = (res.body.data as WireProvider[]).map((p) => p.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('answers 401 without credentials and 403 without auth:ManageProviders', async () => {
      expect(errorMessage(await new Caller(t).get('/sso-providers'), 401)).toBe('not authenticated');
      expect(errorMessage(await plain.get('/sso-providers'), 403)).toBe('not authorized');
    });
  });

  describe('POST /api/v2/sso-providers/oidc', () => {
    it('answers 201 with every field, the default auto-provision config and URIs under ROOT_URL', async () => {
      const res = await admin.post('/sso-providers/oidc', {
        name: 'Corp Login!', client_id: 'pathwarden', issuer: 'https://login.example.com/tenant',
      });
      expect(res.status).toBe(201);
      expect(res.body).toStrictEqual({
        data: oidcShape({ name: 'Corp Login!', slug: 'corp-login', client_id: 'pathwarden', issuer: 'https://login.example.com/tenant' }),
      });
      expect(res.body.data.details.sso_provider_id).toBe(res.body.data.id);
    });

    it('keeps the auto-provision config given', async () => {
      const config = { auto_provision: { enabled: true, default_role_id: Roles.User, role_provision: true } };
      const res = await admin.post('/sso-providers/oidc', {
        name: 'provisioning', client_id: 'c', issuer: 'http://idp.internal:8443', config,
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toStrictEqual(
        oidcShape({ name: 'provisioning', slug: 'provisioning', client_id: 'c', issuer: 'http://idp.internal:8443', config }),
      );
      const listed = (await admin.get('/sso-providers')).body.data.find((p: WireProvider) => p.id === res.body.data.id);
      expect(listed).toStrictEqual(res.body.data);
    });

    it('answers 400 for an unknown default role', async () => {
      const res = await admin.post('/sso-providers/oidc', {
        name: uniqueName(), client_id: 'c', issuer: 'https://idp.example.com',
        config: { auto_provision: { enabled: true, default_role_id: 99, role_provision: false } },
      });
      expect(errorMessages(res, 400)).toEqual(['role id is invalid']);
    });

    it('answers 409 for a name taken by another provider, ignoring case, or giving the same slug', async () => {
      await createOidcProvider(admin, 'Taken Name');
      const post = (name: string) => admin.post('/sso-providers/oidc', { name, client_id: 'c', issuer: 'https://idp.example.com' });
      expect(errorMessage(await post('taken name'), 409)).toBe('sso provider name must be unique');
      expect(errorMessage(await post('taken-name'), 409)).toBe('sso provider name must be unique');
      expect(errorMessage(await uploadSaml('TAKEN NAME', samlMetadata()), 409)).toBe('sso provider name must be unique');
    });

    const valid = { name: 'valid', client_id: 'c', issuer: 'https://idp.example.com' };
    it.each([
      ['an empty body', {}, ['name must be a string', 'name should not be empty', 'name must be shorter than or equal to 200 characters',
        'client_id must be a string', 'client_id should not be empty',
        'client_id must be shorter than or equal to 1000 characters', 'issuer must be a URL',
        'issuer must be shorter than or equal to 2000 characters']],
      ['a name over 200 characters', { ...valid, name: 'n'.repeat(201) }, ['name must be shorter than or equal to 200 characters']],
      ['a NUL in the name', { ...valid, name: 'a\u0000b' }, ['name must not contain NUL characters']],
      ['a NUL in the client id', { ...valid, client_id: '\u0000' }, ['client_id must not contain NUL characters']],
      ['a numeric client id', { ...valid, client_id: 7 }, ['client_id must be a string',
        'client_id must be shorter than or equal to 1000 characters']],
      ['an issuer that is not a URL', { ...valid, issuer: 'not a url' }, ['issuer must be a URL']],
      ['an issuer without http(s)', { ...valid, issuer: 'ftp://idp.example.com' }, ['issuer must be a URL']],
      ['a config that is not an object', { ...valid, config: 'on' }, ['config must be an object',
        'nested property config must be either object or array']],
      ['a config without auto_provision', { ...valid, config: {} }, ['config.auto_provision must be an object']],
      ['an auto_provision of wrong types', {
        ...valid, config: { auto_provision: { enabled: 'yes', default_role_id: 'x', role_provision: null } },
      }, ['config.auto_provision.enabled must be a boolean value', 'config.auto_provision.default_role_id must be an integer number',
        'config.auto_provision.default_role_id must not be less than 1',
        'config.auto_provision.default_role_id must not be greater than 2147483647',
        'config.auto_provision.role_provision must be a boolean value']],
      ['a default role id beyond int32', {
        ...valid, config: { auto_provision: { enabled: true, default_role_id: 99999999999, role_provision: false } },
      }, ['config.auto_provision.default_role_id must not be greater than 2147483647']],
      ['an array body', [valid], ['name must be a string', 'name should not be empty',
        'name must be shorter than or equal to 200 characters', 'client_id must be a string', 'client_id should not be empty',
        'client_id must be shorter than or equal to 1000 characters', 'issuer must be a URL',
        'issuer must be shorter than or equal to 2000 characters']],
    ])('answers 400 for %s', async (_, body, messages) => {
      expect(errorMessages(await admin.post('/sso-providers/oidc', body), 400)).toEqual(messages);
    });

    it('answers 400 for malformed JSON and for multipart bodies', async () => {
      expect(errorMessage(await admin.raw('post', '/sso-providers/oidc', '{"name": "x",'), 400)).toBe('error unmarshalling JSON payload');
      const multipart = await t.http().post('/api/v2/sso-providers/oidc').set('Authorization', `Bearer ${admin.token}`)
        .field('name', 'x');
      expect(errorMessage(multipart, 400)).toBe('content type must be application/json');
    });

    it('answers 403 without auth:ManageProviders', async () => {
      expect(errorMessage(await plain.post('/sso-providers/oidc', valid), 403)).toBe('not authorized');
    });
  });

  describe('POST /api/v2/sso-providers/saml', () => {
    it('answers 201 for multipart metadata, with every field and SP URIs derived from ROOT_URL', async () => {
      const res = await uploadSaml('okta', samlMetadata('https://okta.example.com/entity', 'https://okta.example.com/sso'));
      expect(res.status).toBe(201);
      const id = res.body.data.id;
      expect(res.body).toStrictEqual({
        data: {
          id: expect.any(Number),
          name: 'okta',
          slug: 'okta',
          type: 'SAML',
          details: samlDetailsShape({
            name: 'okta', sso_provider_id: id, idp_issuer_uri: 'https://okta.example.com/entity',
            idp_sso_uri: 'https://okta.example.com/sso',
          }),
          config: { auto_provision: { enabled: false, default_role_id: Roles.ReadOnly, role_provision: false } },
          login_uri: `${ROOT}/api/v2/sso/okta/login`,
          callback_uri: `${ROOT}/api/v2/sso/okta/callback`,
          created_at: TIMESTAMP,
          updated_at: TIMESTAMP,
        },
      });
    });

    it('answers 201 for metadata sent as a JSON string', async () => {
      const res = await admin.post('/sso-providers/saml', { name: 'json-saml', metadata: samlMetadata() });
      expect(res.status).toBe(201);
      expect(res.body.data.details).toStrictEqual(samlDetailsShape({
        name: 'json-saml', sso_provider_id: res.body.data.id, idp_issuer_uri: 'https://idp.example.com/entity',
        idp_sso_uri: 'https://idp.example.com/sso',
      }));
    });

    it('takes the redirect binding when the IdP also offers POST', async () => {
      const metadata = `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="urn:idp">
        <IDPSSODescriptor>
          <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.com/post"/>
          <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.com/redirect"/>
        </IDPSSODescriptor>
      </EntityDescriptor>`;
      const res = await uploadSaml(uniqueName(), metadata);
      expect(res.status).toBe(201);
      expect(res.body.data.details).toMatchObject({ idp_issuer_uri: 'urn:idp', idp_sso_uri: 'https://idp.example.com/redirect' });
    });

    it.each([
      ['metadata over 1 MiB', `<a>${'x'.repeat(MIB)}</a>`, 'metadata must be at most 1 MiB'],
      ['metadata far over 1 MiB', 'x'.repeat(3 * MIB), 'metadata must be at most 1 MiB'],
      ['a DOCTYPE', '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>',
        'metadata must not contain a DOCTYPE or entity declarations'],
      ['an entity declaration', '<!ENTITY lol "lol"><r/>', 'metadata must not contain a DOCTYPE or entity declarations'],
      ['malformed XML', '<EntityDescriptor entityID="x">', 'metadata is not well-formed XML'],
      ['a NUL character', samlMetadata().replace('<md:IDPSSODescriptor', '<x>\u0000</x><md:IDPSSODescriptor'),
        'metadata is not well-formed XML'],
      ['plain text', 'not xml at all', 'metadata is not well-formed XML'],
      ['no entity id', '<EntityDescriptor><IDPSSODescriptor/></EntityDescriptor>',
        'metadata has no EntityDescriptor with an entityID'],
      ['no SSO service', '<EntityDescriptor entityID="x"></EntityDescriptor>',
        'metadata has no IDPSSODescriptor SingleSignOnService location'],
      ['an SSO location that is not http(s)', samlMetadata('urn:x', 'javascript:alert(1)'),
        'metadata has no IDPSSODescriptor SingleSignOnService location'],
    ])('answers 400 for %s, in multipart and in JSON', async (_, metadata, message) => {
      expect(errorMessages(await uploadSaml(uniqueName(), metadata), 400)).toEqual([message]);
      expect(errorMessages(await admin.post('/sso-providers/saml', { name: uniqueName(), metadata }), 400)).toEqual([message]);
    });

    it('answers 400 when the metadata is missing or empty', async () => {
      expect(errorMessages(await uploadSaml(uniqueName(), undefined), 400)).toEqual(['metadata is required']);
      expect(errorMessages(await admin.post('/sso-providers/saml', { name: uniqueName() }), 400)).toEqual(['metadata is required']);
      expect(errorMessages(await admin.post('/sso-providers/saml', { name: uniqueName(), metadata: '' }), 400))
        .toEqual(['metadata is required']);
    });

    it('answers 400 for a missing, long or NUL-bearing name', async () => {
      expect(errorMessages(await uploadSaml(undefined, samlMetadata()), 400)).toEqual([
        'name must be a string', 'name should not be empty', 'name must be shorter than or equal to 200 characters',
      ]);
      expect(errorMessages(await uploadSaml('n'.repeat(201), samlMetadata()), 400)).toEqual([
        'name must be shorter than or equal to 200 characters',
      ]);
      expect(errorMessages(await admin.post('/sso-providers/saml', { name: '\u0000', metadata: samlMetadata() }), 400)).toEqual([
        'name must not contain NUL characters',
      ]);
    });

    it('answers 400 for metadata of the wrong JSON type and for an array body', async () => {
      expect(errorMessages(await admin.post('/sso-providers/saml', { name: uniqueName(), metadata: { xml: '<a/>' } }), 400))
        .toEqual(['metadata must be a string']);
      expect(errorMessages(await admin.post('/sso-providers/saml', [{ name: uniqueName(), metadata: samlMetadata() }]), 400))
        .toEqual(['name must be a string', 'name should not be empty', 'name must be shorter than or equal to 200 characters']);
    });

    it('answers 413 for a JSON body over 10 MiB', async () => {
      const res = await admin.post('/sso-providers/saml', { name: uniqueName(), metadata: 'x'.repeat(11 * MIB) });
      expect(errorMessages(res, 413)).toEqual(['request body exceeds the limit of 10 MiB']);
    });

    it('answers 400 for a file under another field, two files, or a broken multipart body', async () => {
      const other = t.http().post('/api/v2/sso-providers/saml').set('Authorization', `Bearer ${admin.token}`)
        .field('name', uniqueName()).attach('idp', Buffer.from(samlMetadata()), 'm.xml');
      expect(errorMessages(await other, 400)).toEqual(['Unexpected file field - idp']);
      const two = uploadSaml(uniqueName(), samlMetadata()).attach('metadata', Buffer.from(samlMetadata()), 'again.xml');
      expect(errorMessages(await two, 400)).toEqual(['Too many files']);
      const broken = await t.http().post('/api/v2/sso-providers/saml').set('Authorization', `Bearer ${admin.token}`)
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc');
      expect(errorMessages(broken, 400)).toEqual(['Multipart: Unexpected end of form']);
    });

    it('answers 400 for a body that is neither JSON nor multipart', async () => {
      expect(errorMessage(await admin.raw('post', '/sso-providers/saml', '<EntityDescriptor/>', 'application/xml'), 400)).toBe(
        'content type must be application/json',
      );
    });

    it('answers 409 for a taken name', async () => {
      await createSaml('twice');
      expect(errorMessage(await uploadSaml('Twice', samlMetadata()), 409)).toBe('sso provider name must be unique');
    });

    it('answers 401 without credentials and 403 without auth:ManageProviders', async () => {
      expect(errorMessage(await uploadSaml('x', samlMetadata(), new Caller(t)), 401)).toBe('not authenticated');
      expect(errorMessage(await uploadSaml('x', samlMetadata(), plain), 403)).toBe('not authorized');
    });
  });

  describe('GET /api/v2/saml (deprecated)', () => {
    it('lists the SAML providers only, with the deprecation headers', async () => {
      const saml = await createSaml('deprecated-listing');
      await createOidcProvider(admin);
      const res = await admin.get('/saml');
      expect(res.status).toBe(200);
      expect(res.headers.deprecation).toBe('@1735689600');
      expect(res.headers.link).toBe('</api/v2/sso-providers>; rel="successor-version"');
      const all = (await admin.get('/sso-providers')).body.data as WireProvider[];
      expect(res.body).toStrictEqual({
        data: { saml_providers: all.filter((p) => p.type === 'SAML').map((p) => p.details) },
      });
      expect(res.body.data.saml_providers).toContainEqual(samlDetailsShape({
        name: 'deprecated-listing', sso_provider_id: saml.id, idp_issuer_uri: 'https://idp.example.com/entity',
        idp_sso_uri: 'https://idp.example.com/sso',
      }));
    });

    it('answers 401 without credentials and 403 without auth:ManageProviders', async () => {
      expect(errorMessage(await new Caller(t).get('/saml'), 401)).toBe('not authenticated');
      expect(errorMessage(await plain.get('/saml'), 403)).toBe('not authorized');
    });
  });

  describe('DELETE /api/v2/sso-providers/{sso_provider_id}', () => {
    it('answers 200 with the affected users, now unbound; the provider is gone', async () => {
      const saml = await createSaml();
      const bound: WireUser[] = [];
      for (const role of [Roles.ReadOnly, Roles.User]) {
        const user = await createUser(admin, { roles: [role], sso_provider_id: saml.id });
        expect(user.saml_provider_id).toEqual({ int32: saml.details.id, valid: true });
        expect(user.sso_provider_id).toEqual({ int32: saml.id, valid: true });
        bound.push(user);
      }
      const bystander = await createUser(admin);
      const res = await admin.delete(`/sso-providers/${saml.id}`);
      expect(res.status).toBe(200);
      const expected = bound
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((u) => userShape({ id: u.id, principal_name: u.principal_name, roles: (u.roles as { id: number }[]).map((r) => r.id) }));
      expect(res.body).toStrictEqual({ data: { affected_users: expected } });
      for (const user of bound) {
        expect((await admin.get(`/bloodhound-users/${user.id}`)).body.data.sso_provider_id).toEqual({ int32: 0, valid: false });
      }
      expect((await admin.get(`/bloodhound-users/${bystander.id}`)).body.data).toStrictEqual(bystander);
      const listed = (await admin.get('/sso-providers')).body.data as WireProvider[];
      expect(listed.map((p) => p.id)).not.toContain(saml.id);
      expect(errorMessage(await admin.delete(`/sso-providers/${saml.id}`), 404)).toBe('resource not found');
    });

    it('answers an empty affected_users list for a provider without users, and frees its name', async () => {
      const oidc = await createOidcProvider(admin, 'short-lived');
      const res = await admin.delete(`/sso-providers/${oidc.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({ data: { affected_users: [] } });
      expect((await createOidcProvider(admin, 'short-lived')).id).not.toBe(oidc.id);
    });

    it('answers 409 when deleting the provider one signs in with', async () => {
      const provider = await createOidcProvider(admin);
      const { user, caller } = await userSession(t, admin, Roles.Administrator);
      expect((await admin.patch(`/bloodhound-users/${user.id}`, { sso_provider_id: provider.id })).status).toBe(200);
      expect(errorMessage(await caller.delete(`/sso-providers/${provider.id}`), 409)).toBe(
        'user may not delete their own SSO auth provider',
      );
      const other = await createOidcProvider(admin);
      expect((await caller.delete(`/sso-providers/${other.id}`)).status).toBe(200);
    });

    it('answers 404 for an unknown provider', async () => {
      expect(errorMessage(await admin.delete('/sso-providers/424242'), 404)).toBe('resource not found');
    });

    it.each(['abc', '1.5', '-1', '99999999999', '2147483648', '0x1', '1e0', '0b1'])('answers 400 id is malformed for %s', async (id) => {
      expect(errorMessage(await admin.delete(`/sso-providers/${id}`), 400)).toBe('id is malformed');
    });

    it('answers 401 without credentials and 403 without auth:ManageProviders', async () => {
      const provider = await createOidcProvider(admin);
      expect(errorMessage(await new Caller(t).delete(`/sso-providers/${provider.id}`), 401)).toBe('not authenticated');
      expect(errorMessage(await plain.delete(`/sso-providers/${provider.id}`), 403)).toBe('not authorized');
      expect((await admin.get('/sso-providers')).body.data.map((p: WireProvider) => p.id)).toContain(provider.id);
    });
  });
});
