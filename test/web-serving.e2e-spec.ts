import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

/**
 * The explorer is served at every path outside /api and /health (the e2e set-up builds dist/web), with a strict
 * Content-Security-Policy; the API's paths keep their JSON answers, 404 included.
 */
describe('the explorer served by the API', () => {
  let t: TestApp;
  let community: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    community = await createTestApp({ env: { EDITION: 'community' } });
  });
  afterAll(async () => {
    await t?.close();
    await community?.close();
  });

  it.each(['/', '/explore', '/ingest', '/some/deep/client/route'])('serves the app page at %s', async (path) => {
    const res = await t.http().get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).toContain('<meta name="pathwarden-edition" content="enterprise"');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers the page with a strict Content-Security-Policy and no inline script', async () => {
    const res = await t.http().get('/');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('blob:');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Every script is a file of this origin: no inline code for the policy to refuse.
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/assets\/[^"]+\.js"/);
      expect(body.trim()).toBe('');
    }
  });

  it('serves the built scripts with long-lived caching and the same policy', async () => {
    const page = (await t.http().get('/')).text;
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)![1];
    const res = await t.http().get(script);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers an unknown built file with the JSON 404, not the page', async () => {
    expect(errorMessage(await t.http().get('/assets/no-such-file.js'), 404)).toBe('resource not found');
  });

  it.each(['/api', '/api/', '/api/v1/self', '/api/v2/no-such-route', '/api/v2x'])('keeps the JSON 404 at %s', async (path) => {
    const res = await t.http().get(path);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(errorMessage(res, 404)).toBe('resource not found');
  });

  it('keeps /health and the API answering JSON', async () => {
    expect((await t.http().get('/health')).headers['content-type']).toMatch(/^application\/json/);
    expect(errorMessage(await t.http().get('/api/v2/self'), 401)).toBeDefined();
  });

  it('answers other methods outside the API with the JSON 404', async () => {
    expect(errorMessage(await t.http().post('/explore').send({}), 404)).toBe('resource not found');
    expect(errorMessage(await t.http().delete('/'), 404)).toBe('resource not found');
  });

  it('tells the app its edition, so community hides enterprise-only pages', async () => {
    for (const path of ['/explore', '/index.html']) {
      const res = await community.http().get(path);
      expect(res.text).toContain('<meta name="pathwarden-edition" content="community"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('never lets a path walk out of the build', async () => {
    for (const path of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json', '/.data/initial-admin-password']) {
      const res = await t.http().get(path);
      expect(res.text).not.toContain('"name": "pathwarden"');
      expect(res.text).not.toContain('"dependencies"');
    }
  });
});
