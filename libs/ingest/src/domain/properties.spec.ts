import { cleanProperties } from './properties.js';

describe('cleanProperties', () => {
  it('lower-cases names and drops service-owned ones', () => {
    expect(cleanProperties({ Name: 'A', ObjectID: 'X', system_tags: 'admin_tier_0', LastSeen: 'now', Reconcile: true }))
      .toEqual({ name: 'A' });
  });

  it('removes NUL characters from names and strings', () => {
    expect(cleanProperties({ 'de\0scription': 'a\0b', list: ['c\0'] })).toEqual({ description: 'ab', list: ['c'] });
  });

  it('replaces lone surrogates in names and strings with U+FFFD, keeping surrogate pairs', () => {
    expect(cleanProperties({ 'de\ud800scription': 'a\udc00b', list: ['c\ud800', 'd😀'] }))
      .toEqual({ 'de\ufffdscription': 'a\ufffdb', list: ['c\ufffd', 'd😀'] });
  });

  it('keeps scalars and arrays of scalars, drops nulls, objects, nested arrays and non-finite numbers', () => {
    expect(cleanProperties({
      s: 'x', n: 1, b: false, a: [1, 'two', true], empty: [], nul: null, o: { x: 1 }, mixed: [1, { x: 1 }],
      nested: [[1]], inf: Number.POSITIVE_INFINITY,
    })).toEqual({ s: 'x', n: 1, b: false, a: [1, 'two', true], empty: [] });
  });

  it('answers an empty map for anything that is not an object', () => {
    expect(cleanProperties(null)).toEqual({});
    expect(cleanProperties([1])).toEqual({});
    expect(cleanProperties('x')).toEqual({});
  });
});
