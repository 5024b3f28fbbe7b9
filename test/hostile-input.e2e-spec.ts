import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFiles } from '@app/ingest';
import { MAX_JSON_DEPTH } from '@app/platform/testing';
import { adminCaller, Caller } from './support/identity.js';
import { ProbeController } from './support/probe.controller.js';
import { ADMIN_PASSWORD, createTestApp, errorMessage, type TestApp } from './support/test-app.js';

/**
 * Regressions of the fuzz run (issue 13): bodies nested deep enough to overflow the stack, NUL in Cypher names and
 * strings, and lone surrogates, each answered 500 or failed a whole file. Each now answers 400 with the route's own
 * message, or is stored as the reference stores it.
 */
const UNMARSHAL = 'error unmarshalling JSON payload';
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const loginBody = (extra = '') =>
  `{"login_method":"secret","username":"admin","secret":${JSON.stringify(ADMIN_PASSWORD)}${extra}}`;

let t: TestApp;
let admin: Caller;
let anonymous: Caller;

beforeAll(async () => {
  t = await createTestApp({ controllers: [ProbeController] });
  admin = await adminCaller(t);
  anonymous = new Caller(t);
});
afterAll(() => t.close());

describe('deeply nested JSON bodies', () => {
  it.each([
    ['[ x 100,000, unterminated', '['.repeat(100_000)],
    ['[ x 100,000, closed', nestedArrays(100_000)],
    ['{"a": nested 5,000 deep', nestedObjects(5_000)],
  ])('answer 400 error unmarshalling JSON payload on POST /api/v2/login without a session: %s', async (_case, body) => {
    const res = await anonymous.raw('post', '/login', body);
    expect(errorMessage(res, 400)).toBe(UNMARSHAL);
    expect(res.body).toEqual({
      http_status: 400, timestamp: expect.stringMatching(/Z$/), request_id: res.headers['requestid'],
      errors: [{ context: '', message: UNMARSHAL }],
    });
  });

  it(`are read up to ${MAX_JSON_DEPTH} levels and refused one level deeper, wherever the depth is`, async () => {
    const within = await anonymous.raw('post', '/login', loginBody(`,"pad":${nestedArrays(MAX_JSON_DEPTH - 1)}`));
    expect(within.status).toBe(200);
    const deeper = await anonymous.raw('post', '/login', loginBody(`,"pad":${nestedArrays(MAX_JSON_DEPTH)}`));
    expect(errorMessage(deeper, 400)).toBe(UNMARSHAL);
  });

  it('count brackets inside strings as text', async () => {
    const res = await anonymous.raw('post', '/login', loginBody(`,"pad":"${'[{'.repeat(10_000)}"`));
    expect(res.status).toBe(200);
  });

  it.each([
    ['/bloodhound-users'], ['/tokens'], ['/sso-providers/oidc'], ['/asset-group-tags/1/selectors'],
    ['/asset-group-tags/evaluation'], ['/asset-group-tags'], ['/clients'], ['/events'],
  ])('answer 400 error unmarshalling JSON payload on POST %s', async (path) => {
    expect(errorMessage(await admin.raw('post', path, nestedObjects(5_000)), 400)).toBe(UNMARSHAL);
    expect(errorMessage(await admin.raw('post', path, nestedArrays(100_000)), 400)).toBe(UNMARSHAL);
  });

  it("answer the cypher endpoint's own JSON malformed., even beside a valid query", async () => {
    const res = await admin.raw('post', '/graphs/cypher', `{"query":"RETURN 1","pad":${nestedObjects(5_000)}}`);
    expect(errorMessage(res, 400)).toBe('JSON malformed.');
  });

  it('answer 400 content type must be application/json in a charset other than UTF-8, which the depth scan cannot read', async () => {
    const res = await t.http().post('/api/v2/login').set('Content-Type', 'application/json; charset=utf-16le')
      .send(Buffer.from(loginBody(), 'utf16le'));
    expect(errorMessage(res, 400)).toBe('content type must be application/json');
  });
});

describe('deeply nested SAML metadata', () => {
  it('answers 400 metadata nests elements more than 100 deep, in multipart and in JSON, and stores nothing', async () => {
    const metadata = `<EntityDescriptor entityID="x">${'<x>'.repeat(5_000)}${'</x>'.repeat(5_000)}</EntityDescriptor>`;
    const multipart = await t.http().post('/api/v2/sso-providers/saml').set('Authorization', `Bearer ${admin.token}`)
      .field('name', 'deep-multipart').attach('metadata', Buffer.from(metadata), 'idp-metadata.xml');
    expect(errorMessage(multipart, 400)).toBe('metadata nests elements more than 100 deep');
    expect(errorMessage(await admin.post('/sso-providers/saml', { name: 'deep-json', metadata }), 400))
      .toBe('metadata nests elements more than 100 deep');
    const providers = (await admin.get('/sso-providers')).body.data as { name: string }[];
    expect(providers.map((p) => p.name)).toEqual([]);
  });
});

describe('NUL in Cypher', () => {
  const cypher = (query: string) => admin.post('/graphs/cypher', { query });

  it.each([
    ['a label', 'MATCH (n:`\u0000`) RETURN n', 'line 1:9 a quoted name cannot contain the NUL character'],
    ['a relationship type', 'MATCH (n)-[:`a\u0000`]->(m) RETURN n', 'line 1:12 a quoted name cannot contain the NUL character'],
    ['a property key', 'MATCH (n) WHERE n.`\u0000` = 1 RETURN n', 'line 1:18 a quoted name cannot contain the NUL character'],
    ['a string', "MATCH (n) WHERE n.name = '\u0000' RETURN n", 'line 1:25 a string literal cannot contain the NUL character'],
    ['a string, as a Cypher escape', "MATCH (n) WHERE n.name = '\\u0000' RETURN n", 'line 1:25 a string literal cannot contain the NUL character'],
  ])('answers 400 for NUL in %s', async (_case, query, message) => {
    expect(errorMessage(await cypher(query), 400)).toBe(message);
  });

  it('answers 400 for a Cypher escape of half a surrogate pair', async () => {
    expect(errorMessage(await cypher("RETURN '\\ud800'"), 400)).toBe("line 1:8 invalid escape sequence '\\ud800' in string literal");
  });

  it('refuses a Cypher selector seed naming NUL through an escape, and stores nothing', async () => {
    const name = 'nul seed';
    const seeds = [{ type: 2, value: "MATCH (n:User) WHERE n.name = '\\u0000' RETURN n" }];
    expect(errorMessage(await admin.post('/asset-group-tags/1/selectors', { name, seeds }), 400))
      .toBe('cypher is invalid: line 1:30 a string literal cannot contain the NUL character');
    const selectors = (await admin.get('/asset-group-tags/1/selectors')).body.data.selectors as { name: string }[];
    expect(selectors.map((s) => s.name)).not.toContain(name);
  });
});

describe('lone surrogates', () => {
  it('are stored as U+FFFD from a collector file (instead of failing the file) and found by a query that names them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pathwarden-surrogates-'));
    try {
      const path = join(dir, 'users.json');
      writeFileSync(path, String.raw`{"data":[{"ObjectIdentifier":"S-1-5-21-77-1105","Properties":{"name":"BAD\ud800NAME@X.CORP",` +
        String.raw`"domain":"X.CORP","spns":["a\udc00"]},"Aces":[]}],"meta":{"type":"users","version":6,"count":1}}`);
      const [result] = await t.app.get(LocalFiles).ingest(path);
      expect([result.objects, result.errors]).toEqual([1, []]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The query's JSON escape is the same lone surrogate: the body parser makes it U+FFFD as well.
    const res = await admin.raw('post', '/graphs/cypher',
      String.raw`{"query":"MATCH (n:User) WHERE n.name = 'BAD\ud800NAME@X.CORP' RETURN n","include_properties":true}`);
    expect(res.status).toBe(200);
    const nodes = Object.values(res.body.data.nodes) as { label: string; properties: Record<string, unknown> }[];
    expect(nodes.map((n) => [n.label, n.properties.spns])).toEqual([['BAD\ufffdNAME@X.CORP', ['a\ufffd']]]);
  });
});

describe('NUL past the field checks', () => {
  it('answers 400 values must not contain NUL characters when PostgreSQL refuses a value, never 500', async () => {
    const res = await t.http().get('/api/v2/test-probe/unchecked-text?value=a%00b');
    expect(errorMessage(res, 400)).toBe('values must not contain NUL characters');
    expect((await t.http().get('/api/v2/test-probe/unchecked-text?value=ab')).body).toEqual({ data: 2 });
  });
});
