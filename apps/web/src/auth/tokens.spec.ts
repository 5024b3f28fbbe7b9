import { describe, expect, it } from '@jest/globals';
import { ownTokens, tokenFromWire } from './tokens';

const common = {
  id: 't1', created_at: '2024-05-01T00:00:00Z', updated_at: '2024-05-01T00:00:00Z', key: '', hmac_method: 'hmac-sha2-256',
  last_access: '0001-01-01T00:00:00Z',
};

describe('API tokens', () => {
  it('reads the spec wrappers', () => {
    const token = tokenFromWire({
      ...common, key: 'SECRET', name: { string: 'ci', valid: true }, user_id: { uuid: 'AA-1', valid: true },
      deleted_at: { time: '0001-01-01T00:00:00Z', valid: false },
    });
    expect(token).toMatchObject({ id: 't1', name: 'ci', userId: 'aa-1', key: 'SECRET' });
  });

  it("reads the reference's plain values", () => {
    const token = tokenFromWire({ ...common, name: 'ci', user_id: 'aa-1', deleted_at: { Time: '0001-01-01T00:00:00Z', Valid: false } });
    expect(token).toMatchObject({ name: 'ci', userId: 'aa-1', key: '' });
  });

  it("keeps the user's own tokens from an administrator's list", () => {
    const data = {
      tokens: [
        { ...common, id: 'mine', name: 'a', user_id: 'u1' },
        { ...common, id: 'theirs', name: 'b', user_id: { uuid: 'u2', valid: true } },
      ],
    };
    expect(ownTokens(data, 'U1').map((t) => t.id)).toEqual(['mine']);
    expect(ownTokens(null, 'u1')).toEqual([]);
  });
});
