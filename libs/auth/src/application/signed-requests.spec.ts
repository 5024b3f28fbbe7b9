import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { SigningKeyRegistry, type Principal } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { AuthErrors } from './auth-errors.js';
import { SignatureReplayStore, SigningKeySource, type SigningKey } from './ports.js';
import { requestDigest } from './request-signature.js';
import { SignedRequests, type SignedRequest } from './signed-requests.js';

function registryOf(...sources: SigningKeySource[]): SigningKeyRegistry {
  const registry = new SigningKeyRegistry();
  for (const source of sources) registry.register(source);
  return registry;
}

const TOKEN_ID = '0b3f6c1e-6a47-4c0e-9a7e-2f0f4b6f1a11';
const KEY = 'c2VjcmV0LWtleS1mb3ItdGVzdHM=';
const NOW = new Date('2026-11-22T10:30:00Z');
const principal: Principal = { userId: 'u1', via: 'token', tokenId: TOKEN_ID, ssoProviderId: null, permissions: new Set(['graphdb:Read']) };

class FakeSource extends SigningKeySource {
  touched = 0;
  constructor(private readonly owner: Principal | 'disabled' = principal, private readonly repeatable = false) {
    super();
  }
  async find(id: string): Promise<SigningKey | null> {
    if (id !== TOKEN_ID) return null;
    return { key: KEY, principal: async () => this.owner, touch: async () => void this.touched++, repeatable: this.repeatable };
  }
}

class FakeReplays extends SignatureReplayStore {
  private readonly seen = new Set<string>();
  async remember(signature: string): Promise<boolean> {
    if (this.seen.has(signature)) return false;
    this.seen.add(signature);
    return true;
  }
}

function signed(overrides: Partial<SignedRequest> = {}, date = NOW.toISOString()): SignedRequest {
  const base = { tokenId: TOKEN_ID, method: 'POST', requestUri: '/api/v2/x?y=1', requestDate: date, body: Buffer.from('{}') };
  const request = { ...base, ...overrides };
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('{}');
  const signature = requestDigest(KEY, request.method, request.requestUri, date, body).toString('base64');
  return { signature, ...request };
}


describe('SignedRequests', () => {
  it('resolves a correctly signed request to the key owner and records use', async () => {
    const source = new FakeSource();
    const service = new SignedRequests(registryOf(source), new FakeReplays());
    await expect(service.authenticate(signed(), NOW)).resolves.toBe(principal);
    expect(source.touched).toBe(1);
  });

  it('verifies a streamed body through its digester, handed the key of the last HMAC', async () => {
    const service = new SignedRequests(registryOf(new FakeSource()), new FakeReplays());
    const request = signed();
    const digest = (body: string) => async (key: Buffer) => createHmac('sha256', key).update(body).digest();
    await expect(service.authenticate({ ...request, body: digest('{}') }, NOW)).resolves.toBe(principal);
    const error = await apiErrorOf(service.authenticate({ ...signed(), body: digest('{"x":1}') }, NOW));
    expect([error.status, error.messages[0]]).toEqual([401, AuthErrors.digestMismatch]);
  });

  it('refuses a replayed non-GET signature but not a repeated GET', async () => {
    const service = new SignedRequests(registryOf(new FakeSource()), new FakeReplays());
    const post = signed();
    await service.authenticate(post, NOW);
    const error = await apiErrorOf(service.authenticate(post, NOW));
    expect([error.status, error.messages[0]]).toEqual([401, AuthErrors.replayed]);
    const get = signed({ method: 'GET' });
    await service.authenticate(get, NOW);
    await expect(service.authenticate(get, NOW)).resolves.toBe(principal);
  });

  it('refuses the same non-GET signature under a fresh RequestDate in the same hour (the digest covers the hour)', async () => {
    const service = new SignedRequests(registryOf(new FakeSource()), new FakeReplays());
    await service.authenticate(signed(), NOW);
    const later = new Date(NOW.getTime() + 60_000).toISOString();
    const error = await apiErrorOf(service.authenticate(signed({ requestDate: later }), NOW));
    expect(error.messages[0]).toBe(AuthErrors.replayed);
  });

  it('lets a repeatable key (collection clients) repeat a request under a fresh RequestDate, never the same one', async () => {
    const service = new SignedRequests(registryOf(new FakeSource(principal, true)), new FakeReplays());
    await service.authenticate(signed(), NOW);
    const later = new Date(NOW.getTime() + 60_000).toISOString();
    await expect(service.authenticate(signed({ requestDate: later }), NOW)).resolves.toBe(principal);
    const respelled = NOW.toISOString().replace('Z', '000Z');
    const error = await apiErrorOf(service.authenticate(signed({ requestDate: respelled }), NOW));
    expect(error.messages[0]).toBe(AuthErrors.replayed);
  });

  it('answers 401 digest mismatch when the signed query string differs', async () => {
    const service = new SignedRequests(registryOf(new FakeSource()), new FakeReplays());
    const request = { ...signed(), requestUri: '/api/v2/x?y=2' };
    const error = await apiErrorOf(service.authenticate(request, NOW));
    expect([error.status, error.messages[0]]).toEqual([401, AuthErrors.digestMismatch]);
  });

  it('answers 401 when the clock skew exceeds an hour', async () => {
    const service = new SignedRequests(registryOf(new FakeSource()), new FakeReplays());
    const error = await apiErrorOf(service.authenticate(signed({}, '2026-11-22T08:00:00Z'), NOW));
    expect(error.status).toBe(401);
    expect(error.messages[0]).toMatch(/signature too far behind by 150 minutes/);
  });

  it.each([
    [{ tokenId: 'nope' }, 400, 'Token ID is malformed.'],
    [{ requestDate: undefined }, 400, AuthErrors.noRequestDate],
    [{ requestDate: 'yesterday' }, 400, AuthErrors.malformedRequestDate('yesterday')],
    [{ signature: undefined }, 400, AuthErrors.noSignature],
    [{ signature: '***' }, 400, AuthErrors.malformedSignature],
    [{ tokenId: '0b3f6c1e-6a47-4c0e-9a7e-2f0f4b6f1a12' }, 401, AuthErrors.unknownToken],
  ])('refuses %p with %p', async (overrides, status, message) => {
    const service = new SignedRequests(registryOf(new FakeSource()), new FakeReplays());
    const error = await apiErrorOf(service.authenticate({ ...signed(), ...overrides } as SignedRequest, NOW));
    expect([error.status, error.messages[0]]).toEqual([status, message]);
  });

  it('answers 403 user disabled when the key owner is disabled', async () => {
    const service = new SignedRequests(registryOf(new FakeSource('disabled')), new FakeReplays());
    const error = await apiErrorOf(service.authenticate(signed(), NOW));
    expect([error.status, error.messages[0]]).toEqual([403, 'user disabled']);
  });
});
