import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { ProbeController } from './support/probe.controller.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('HTTP contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ controllers: [ProbeController] });
  });
  afterAll(() => t.close());

  describe('request ids and error bodies', () => {
    it('puts a RequestID on every response (HSTS only over TLS: platform-tls.e2e-spec.ts)', async () => {
      const res = await t.http().get('/health');
      expect(res.headers['requestid']).toMatch(UUID);
    });

    it('answers unknown routes 404 resource not found, even without credentials', async () => {
      const res = await t.http().get('/api/v2/no-such-route');
      expect(errorMessage(res, 404)).toBe('resource not found');
      expect(res.body).toEqual({
        http_status: 404,
        timestamp: expect.stringMatching(/Z$/),
        request_id: res.headers['requestid'],
        errors: [{ context: '', message: 'resource not found' }],
      });
    });

    it.each(['/api', '/api/v1/self', '/api/v2x'])('answers %s under /api or /health with the JSON 404', async (path) => {
      expect(errorMessage(await t.http().get(path), 404)).toBe('resource not found');
    });

    it.each(['/', '/nope'])('answers POST %s (the explorer serves only GET and HEAD) with the JSON 404', async (path) => {
      expect(errorMessage(await t.http().post(path).send({}), 404)).toBe('resource not found');
    });

    it('answers an unsupported method on a known path 404', async () => {
      expect(errorMessage(await t.http().delete('/health'), 404)).toBe('resource not found');
    });

    it('answers unexpected errors 500 without internals', async () => {
      const res = await t.http().get('/api/v2/test-probe/boom');
      expect(errorMessage(res, 500)).toBe(
        'an internal error has occurred that is preventing the service from servicing this request',
      );
      expect(JSON.stringify(res.body)).not.toContain('passwd');
      expect(JSON.stringify(res.body)).not.toMatch(/Error:|\.ts:|\.js:/);
    });
  });

  describe('request bodies', () => {
    it('answers malformed JSON 400 error unmarshalling JSON payload', async () => {
      const res = await t.http().post('/api/v2/login').set('Content-Type', 'application/json').send('{"login_method": ');
      expect(errorMessage(res, 400)).toBe('error unmarshalling JSON payload');
    });

    it('answers a JSON scalar body 400', async () => {
      const res = await t.http().post('/api/v2/login').set('Content-Type', 'application/json').send('"text"');
      expect(errorMessage(res, 400)).toBe('error unmarshalling JSON payload');
    });

    it('answers a non-JSON content type 400 content type must be application/json', async () => {
      const res = await t.http().post('/api/v2/test-probe/echo').set('Content-Type', 'text/plain').send('hello');
      expect(errorMessage(res, 400)).toBe('content type must be application/json');
    });

    it('accepts JSON bodies up to 10 MiB', async () => {
      const body = JSON.stringify({ pad: 'x'.repeat(9 * 1024 * 1024) });
      const res = await t.http().post('/api/v2/test-probe/echo').set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(200);
    });

    it('answers bodies over 10 MiB 413', async () => {
      const body = JSON.stringify({ pad: 'x'.repeat(10 * 1024 * 1024) });
      const res = await t.http().post('/api/v2/test-probe/echo').set('Content-Type', 'application/json').send(body);
      expect(errorMessage(res, 413)).toBe('request body exceeds the limit of 10 MiB');
    });
  });

  describe('Prefer: wait=N', () => {
    it('reports the applied wait', async () => {
      const res = await t.http().get('/health').set('Prefer', 'wait=5');
      expect(res.headers['preference-applied']).toBe('wait=5');
    });

    it('clamps a wait above 300 seconds', async () => {
      const res = await t.http().get('/health').set('Prefer', 'respond-async, wait=999');
      expect(res.headers['preference-applied']).toBe('wait=300');
    });

    it.each(['wait=abc', 'wait=-1', 'wait=1.5', 'wait='])('answers 400 for Prefer: %s', async (prefer) => {
      const res = await t.http().get('/health').set('Prefer', prefer);
      expect(errorMessage(res, 400)).toMatch(/^Prefer header has an invalid value: wait must be a whole number of seconds/);
    });

    it('cancels a statement on the server past the deadline and answers 504', async () => {
      const res = await t.http().get('/api/v2/test-probe/slow-sql').set('Prefer', 'wait=1');
      expect(errorMessage(res, 504)).toBe('request timed out');
      const client = new Client({ connectionString: t.databaseUrl });
      await client.connect();
      try {
        // The 504 may leave before the cancelled backend has finished aborting: give the server a moment, then
        // require that no backend is still running the statement (an idle backend keeps its last query text).
        let rows: unknown[] = [];
        for (let attempt = 0; attempt < 20; attempt++) {
          ({ rows } = await client.query(
            "SELECT pid FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%probe-slow-sql%' AND pid <> pg_backend_pid()",
          ));
          if (rows.length === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(rows).toEqual([]);
      } finally {
        await client.end();
      }
    });

    it('stops the statement running at the deadline even when each statement alone fits in it', async () => {
      const res = await t.http().get('/api/v2/test-probe/slow-steps').set('Prefer', 'wait=2');
      expect(errorMessage(res, 504)).toBe('request timed out');
      const client = new Client({ connectionString: t.databaseUrl });
      await client.connect();
      try {
        // The third 0.9 s step started at about 1.8 s and would run to 2.7 s: it must be gone well before that.
        let running = 1;
        for (let poll = 0; poll < 6 && running > 0; poll++) {
          const { rowCount } = await client.query(
            "SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%probe-slow-steps%' AND pid <> pg_backend_pid()",
          );
          running = rowCount ?? 0;
          if (running > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(running).toBe(0);
      } finally {
        await client.end();
      }
    });

    it('answers 504 when a handler outlives the deadline without touching the database', async () => {
      const res = await t.http().get('/api/v2/test-probe/slow-handler').set('Prefer', 'wait=1');
      expect(errorMessage(res, 504)).toBe('request timed out');
    });
  });

  describe('path ids', () => {
    it.each(['0x10', '1e3', '0b1', '-1', '2147483648', '1.0'])('answers 400 id is malformed for %s before any lookup', async (id) => {
      expect(errorMessage(await t.http().get(`/api/v2/test-probe/items/${id}`), 400)).toBe('id is malformed');
    });

    it('passes a well-formed id through as a number', async () => {
      expect((await t.http().get('/api/v2/test-probe/items/0042')).body).toEqual({ data: 42 });
    });
  });

  describe('deprecated routes', () => {
    it('answer normally with Deprecation and a Link to the successor', async () => {
      const res = await t.http().get('/api/v2/test-probe/old');
      expect(res.status).toBe(200);
      expect(res.headers['deprecation']).toMatch(/^@\d+$/);
      expect(res.headers['link']).toBe('</api/v2/test-probe/new>; rel="successor-version"');
    });
  });

  describe('OpenAPI', () => {
    it('serves the document publicly with both security schemes and every route', async () => {
      const res = await t.http().get('/api/v2/spec/openapi.json');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.components.securitySchemes).sort()).toEqual(['bearer', 'signature']);
      for (const path of ['/api/v2/login', '/api/v2/logout', '/api/v2/self', '/api/v2/roles', '/api/v2/graph-users-minimal',
        '/api/v2/bloodhound-users', '/api/v2/bloodhound-users/{user_id}', '/api/v2/bloodhound-users/{user_id}/secret',
        '/api/v2/tokens', '/api/v2/tokens/{token_id}', '/api/v2/sso-providers', '/api/v2/sso-providers/oidc',
        '/api/v2/sso-providers/saml', '/api/v2/sso-providers/{sso_provider_id}', '/api/v2/saml', '/health']) {
        expect(res.body.paths).toHaveProperty([path]);
      }
      expect(res.body.paths['/api/v2/saml'].get.deprecated).toBe(true);
      expect(res.body.components.schemas).toHaveProperty('ErrorBodyDto');
    });

    it('serves Swagger UI publicly', async () => {
      const res = await t.http().get('/api/v2/swagger');
      expect(res.status).toBe(200);
      expect(res.text).toContain('swagger');
    });
  });

  describe('database', () => {
    it('runs a nested unit of work inside the outer transaction', async () => {
      const res = await t.http().get('/api/v2/test-probe/nested');
      expect(res.body).toEqual({ data: { same_connection: true, same_transaction: true } });
    });

    it('refuses writes in a read-only unit of work (SQLSTATE 25006)', async () => {
      const res = await t.http().get('/api/v2/test-probe/read-only');
      expect(res.body).toEqual({ data: { refused: '25006' } });
    });

    it('has run every migration', async () => {
      const client = new Client({ connectionString: t.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query('SELECT name FROM migrations ORDER BY id');
        expect(rows.map((r) => r.name)).toEqual([
          'RequiredExtensions1732240000000', 'IdentitySchema1732240000100', 'AuthSchema1732240000200',
          'GraphSchema1732240000300', 'GraphDistinguishedNameIndex1732240000310', 'GraphChangeLog1732240000320',
          'AssetGroupsSchema1732240000400', 'MembershipDigests1732240000410', 'PostureSchema1732240000500',
          'CollectionSchema1732240000600',
          'IngestSchema1732240000700',
          'AnalysisSchema1732240000800',
          'IdentityPlaceholderEmail1732240000900',
          'IngestLifecycle1732240001000',
          'SavedQueriesSchema1732240001100',
          'CustomNodeKinds1732240001150',
          'CollectionIssuerAddresses1732240001170',
          'TagHistory1732240001430',
        ]);
        const ext = await client.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
        expect(ext.rowCount).toBe(1);
      } finally {
        await client.end();
      }
    });
  });
});

describe('editions', () => {
  let community: TestApp;
  beforeAll(async () => {
    community = await createTestApp({ controllers: [ProbeController], env: { EDITION: 'community' } });
  });
  afterAll(() => community.close());

  it('answers enterprise-only routes 404 in the community edition', async () => {
    expect(errorMessage(await community.http().get('/api/v2/test-probe/enterprise'), 404)).toBe('resource not found');
  });

  it('still serves the routes of both editions', async () => {
    expect((await community.http().get('/api/v2/test-probe/old')).status).toBe(200);
  });
});

describe('enterprise edition', () => {
  let enterprise: TestApp;
  beforeAll(async () => {
    enterprise = await createTestApp({ controllers: [ProbeController] });
  });
  afterAll(() => enterprise.close());

  it('serves enterprise-only routes', async () => {
    const res = await enterprise.http().get('/api/v2/test-probe/enterprise');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: 'enterprise' });
  });
});
