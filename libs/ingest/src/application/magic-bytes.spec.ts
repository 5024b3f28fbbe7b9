import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { SAMPLE_ZIP } from '../testing/fixtures.js';
import { looksLikeZip } from './magic-bytes.js';

const JSON_FILE = '{"data":[],"meta":{"type":"users","version":6}}';

describe('looksLikeZip', () => {
  it('tells zip bytes from JSON', () => {
    expect(looksLikeZip(readFileSync(SAMPLE_ZIP).subarray(0, 4))).toBe(true);
    expect(looksLikeZip(Buffer.from(JSON_FILE))).toBe(false);
    expect(looksLikeZip(Buffer.from('PK'))).toBe(false);
  });
});
