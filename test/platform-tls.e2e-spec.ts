import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/test-app.js';

const HSTS = 'max-age=31536000; includeSubDomains; preload';

/**
 * Strict-Transport-Security goes only on responses to requests that came over TLS: the service speaks plain HTTP,
 * so that means a TLS-terminating proxy trusted by TRUST_PROXY said `X-Forwarded-Proto: https`.
 */
describe('HSTS and TLS termination', () => {
  describe('without TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('sends no HSTS over plain HTTP', async () => {
      const res = await t.http().get('/health');
      expect(res.status).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends no HSTS on an error answered over plain HTTP', async () => {
      const res = await t.http().get('/api/v2/self');
      expect(res.status).toBe(401);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('ignores X-Forwarded-Proto: https from a proxy it does not trust', async () => {
      const res = await t.http().get('/health').set('X-Forwarded-Proto', 'https');
      expect(res.status).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('with TRUST_PROXY=true', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    });
    afterAll(() => t.close());

    it('sends HSTS when the proxy says the request came over TLS', async () => {
      const res = await t.http().get('/health').set('X-Forwarded-Proto', 'https');
      expect(res.status).toBe(200);
      expect(res.headers['strict-transport-security']).toBe(HSTS);
    });

    it('sends HSTS on errors too when the request came over TLS', async () => {
      const res = await t.http().get('/api/v2/self').set('X-Forwarded-Proto', 'https');
      expect(res.status).toBe(401);
      expect(res.headers['strict-transport-security']).toBe(HSTS);
    });

    it('sends no HSTS when the proxy says plain HTTP, or says nothing', async () => {
      const viaHttp = await t.http().get('/health').set('X-Forwarded-Proto', 'http');
      const direct = await t.http().get('/health');
      expect([viaHttp.status, direct.status]).toEqual([200, 200]);
      expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('with TRUST_PROXY=loopback (the proxy beside the service, as README shows)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    });
    afterAll(() => t.close());

    it('sends HSTS when the local proxy says the request came over TLS', async () => {
      const res = await t.http().get('/health').set('X-Forwarded-Proto', 'https');
      expect(res.status).toBe(200);
      expect(res.headers['strict-transport-security']).toBe(HSTS);
    });
  });

  describe('with TRUST_PROXY naming another address than the client', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: '10.9.8.7' } });
    });
    afterAll(() => t.close());

    it('ignores X-Forwarded-Proto: https from the untrusted client', async () => {
      const res = await t.http().get('/health').set('X-Forwarded-Proto', 'https');
      expect(res.status).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });
});
