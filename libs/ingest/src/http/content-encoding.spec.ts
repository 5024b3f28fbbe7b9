import { describe, expect, it } from '@jest/globals';
import { bodyEncoding } from './content-encoding.js';

describe('bodyEncoding', () => {
  it('reads no header, an empty one and identity as identity', () => {
    expect([bodyEncoding(undefined), bodyEncoding(''), bodyEncoding(' Identity ')]).toEqual(['identity', 'identity', 'identity']);
  });

  it('reads gzip and its alias x-gzip, in any case, as gzip', () => {
    expect([bodyEncoding('gzip'), bodyEncoding('X-GZIP')]).toEqual(['gzip', 'gzip']);
  });

  it('reads any other coding, or a list of them, as unsupported', () => {
    expect(['br', 'deflate', 'compress', 'gzip, gzip', 'zstd'].map(bodyEncoding)).toEqual(Array(5).fill('unsupported'));
  });
});
