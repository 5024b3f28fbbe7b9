import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument } from '../apps/api/src/openapi-document.js';
import { createTestApp, type TestApp } from './support/test-app.js';

interface Operation {
  summary?: string;
  deprecated?: boolean;
  tags?: string[];
  responses: Record<string, { description: string }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
}
interface Document {
  servers: { url: string; description?: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const UPLOADS: Record<string, string[]> = {
  'POST /api/v2/file-upload/{file_upload_job_id}': [
    'application/json', 'application/zip', 'application/x-zip-compressed', 'application/zip-compressed',
  ],
  'POST /api/v2/ingest': [
    'application/json', 'application/zip', 'application/x-zip-compressed', 'application/zip-compressed',
    'application/gzip', 'application/x-gzip',
  ],
};

// What tools (Swagger UI's "Try it out", client generators, `npm run lint:openapi`) need from the served document.
describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await createTestApp({ env: { ROOT_URL: 'https://pathwarden.example.com/pw' } });
    const res = await t.http().get('/api/v2/spec/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body as Document;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })));

  it('declares a 2xx response on every operation', () => {
    const without = operations().filter(({ operation }) => !Object.keys(operation.responses).some((s) => /^2\d\d$/.test(s)));
    expect(without.map(({ route }) => route)).toEqual([]);
    expect(operations().length).toBeGreaterThan(80);
  });

  it('gives every operation a summary, deprecated ones included', () => {
    expect(operations().filter(({ operation }) => !operation.summary?.trim()).map(({ route }) => route)).toEqual([]);
    const saml = doc.paths['/api/v2/saml'].get;
    expect(saml).toMatchObject({ deprecated: true, summary: 'List SAML providers (deprecated: use GET /api/v2/sso-providers)' });
  });

  it('declares the body of each upload route: required, binary, in every content type the route takes', () => {
    for (const [route, types] of Object.entries(UPLOADS)) {
      const [method, path] = route.split(' ');
      const body = doc.paths[path][method.toLowerCase()].requestBody;
      expect(body?.required).toBe(true);
      expect(Object.keys(body!.content)).toEqual(types);
      for (const type of types) expect(body!.content[type].schema).toEqual({ type: 'string', format: 'binary' });
    }
  });

  it('names the upload limit, not the JSON limit, in the 413 of upload routes', () => {
    for (const route of Object.keys(UPLOADS)) {
      const [method, path] = route.split(' ');
      const description = doc.paths[path][method.toLowerCase()].responses['413'].description;
      expect(description).toContain('upload limit (INGEST_MAX_UPLOAD_BYTES, 1 GiB by default)');
      expect(description).not.toContain('10 MiB');
    }
  });

  it('names the service as its one server: the path of ROOT_URL, relative to where the document was loaded', () => {
    expect(doc.servers).toEqual([{ url: '/pw', description: 'This service (the path of ROOT_URL)' }]);
  });

  it('spells each tag one way (no two tags differ only in case)', () => {
    const spellings = new Map<string, Set<string>>();
    for (const { operation } of operations()) {
      for (const tag of operation.tags ?? []) {
        const key = tag.toLowerCase();
        spellings.set(key, (spellings.get(key) ?? new Set()).add(tag));
      }
    }
    expect([...spellings.values()].filter((names) => names.size > 1).map((names) => [...names])).toEqual([]);
    expect(spellings.get('asset group tags')).toEqual(new Set(['Asset group tags']));
    const declared = (doc.tags ?? []).map((tag) => tag.name);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('is the document `npm run lint:openapi` checks, which is built without a server or a database', async () => {
    expect(await buildOpenApiDocument('/pw')).toEqual(doc);
  });
});
