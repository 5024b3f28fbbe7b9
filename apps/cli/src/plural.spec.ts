import { describe, expect, it } from '@jest/globals';
import { plural } from './plural.js';

describe('plural', () => {
  it('uses the singular for exactly one', () => {
    expect(plural(1, 'object')).toBe('1 object');
  });

  it('uses the plural for zero and for more than one', () => {
    expect([plural(0, 'file'), plural(2, 'file'), plural(20_000, 'posture row')]).toEqual(['0 files', '2 files', '20000 posture rows']);
  });

  it('takes an irregular plural', () => {
    expect([plural(1, 'entry', 'entries'), plural(3, 'entry', 'entries')]).toEqual(['1 entry', '3 entries']);
  });
});
