import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health without credentials', async () => {
    const res = await t.http().get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', traversal_index: { state: 'idle' } });
  });

  it('logs the admin in and returns self', async () => {
    const token = await login(t, 'admin', ADMIN_PASSWORD);
    const res = await t.http().get('/api/v2/self').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body.data.principal_name).toBe('admin');
  });

  it('answers 404 resource not found for unknown routes', async () => {
    expect(errorMessage(await t.http().get('/api/v2/nope'), 404)).toBe('resource not found');
  });
});
