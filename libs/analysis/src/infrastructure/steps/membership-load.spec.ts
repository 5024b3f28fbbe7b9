import { describe, expect, it } from '@jest/globals';
import { packedIds } from './membership-load.js';

describe('packedIds', () => {
  it('reads int8send output (big-endian 8 bytes per id), past 2^32 too', () => {
    const ids = [1, 255, 2 ** 32 - 1, 2 ** 32 + 7, 2 ** 52 + 3];
    const packed = Buffer.alloc(ids.length * 8);
    ids.forEach((id, i) => packed.writeBigInt64BE(BigInt(id), i * 8));
    expect([...packedIds(packed)]).toEqual(ids);
    expect([...packedIds(null)]).toEqual([]);
  });
});
