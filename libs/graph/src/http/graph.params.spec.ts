import { describe, expect, it } from '@jest/globals';
import { apiErrorOf } from '@app/platform/testing';
import { readCypherBody } from './cypher-bodies.js';
import { GRAPH_DEFAULT_LIMIT, readGraphPaging } from './graph-paging.js';
import { parseNodeId, queryValues, readFlag, readObjectId, requireSingle } from './graph.params.js';

const rejection = (step: () => unknown) => apiErrorOf((async () => step())());
const wrap = (inner: string) => `Invalid query parameter: ${inner}`;

describe('readGraphPaging', () => {
  it('defaults to skip 0 and limit 10, and treats limit 0 as the default', () => {
    expect(readGraphPaging({}, wrap)).toEqual({ skip: 0, limit: GRAPH_DEFAULT_LIMIT });
    expect(readGraphPaging({ skip: '', limit: '0' }, wrap)).toEqual({ skip: 0, limit: 10 });
  });

  it('clamps the limit to 1000', () => {
    expect(readGraphPaging({ skip: '5', limit: '5000' }, wrap)).toEqual({ skip: 5, limit: 1000 });
  });

  it.each([
    [{ skip: 'x' }, 'Invalid query parameter: strconv.Atoi: parsing "x": invalid syntax'],
    [{ skip: '-1' }, 'Invalid query parameter: invalid skip: -1'],
    [{ limit: '-3' }, 'Invalid query parameter: invalid limit: -3'],
    [{ limit: '1.5' }, 'Invalid query parameter: strconv.Atoi: parsing "1.5": invalid syntax'],
    [{ limit: '99999999999999999999' }, 'Invalid query parameter: strconv.Atoi: parsing "99999999999999999999": value out of range'],
    [{ skip: 'a"\t' }, 'Invalid query parameter: strconv.Atoi: parsing "a\\"\\t": invalid syntax'],
  ])('answers 400 for %j', async (query, message) => {
    const error = await rejection(() => readGraphPaging(query, wrap));
    expect([error.status, error.messages]).toEqual([400, [message]]);
  });

  it('checks skip before limit', async () => {
    expect((await rejection(() => readGraphPaging({ skip: '-1', limit: 'x' }, wrap))).messages).toEqual([wrap('invalid skip: -1')]);
  });
});

describe('requireSingle', () => {
  it('returns the one value', () => {
    expect(requireSingle({ edge_type: 'GoldenCert' }, 'edge_type')).toBe('GoldenCert');
  });

  it('answers 400 when missing or repeated', async () => {
    expect((await rejection(() => requireSingle({}, 'edge_type'))).messages).toEqual(['Expected edge_type parameter to be set.']);
    expect((await rejection(() => requireSingle({ source_node: ['1', '2'] }, 'source_node'))).messages)
      .toEqual(['Expected only one source_node.']);
  });
});

describe('parseNodeId', () => {
  it('accepts decimal int64 ids in canonical form', () => {
    expect(parseNodeId('42')).toBe('42');
    expect(parseNodeId('007')).toBe('7');
    expect(parseNodeId('9223372036854775807')).toBe('9223372036854775807');
  });

  it('refuses anything else', () => {
    for (const raw of ['', '-1', '1e3', '0x10', ' 1', '9223372036854775808', '12345678901234567890']) {
      expect(parseNodeId(raw)).toBeUndefined();
    }
  });
});

describe('readObjectId', () => {
  it('accepts ordinary objectids', () => {
    expect(readObjectId('S-1-5-21-1-500')).toBe('S-1-5-21-1-500');
  });

  it('answers 400 for empty, overlong or control-character ids', async () => {
    for (const raw of ['', 'x'.repeat(513), 'a\u0000b', 'a\nb']) {
      expect((await rejection(() => readObjectId(raw))).messages).toEqual(['object id is malformed']);
    }
  });
});

describe('readFlag', () => {
  it("reads Go's boolean spellings, absent or empty meaning the default", () => {
    expect(readFlag([], true)).toBe(true);
    expect(readFlag([''], true)).toBe(true);
    expect(readFlag(['false'], true)).toBe(false);
    expect(readFlag(['0'], true)).toBe(false);
    expect(readFlag(['T'], false)).toBe(true);
  });

  it('answers 400 for anything else', async () => {
    const error = await rejection(() => readFlag(['yes'], true));
    expect([error.status, error.messages]).toEqual([400, ['there are errors in the query parameter filters specified']]);
  });
});

describe('queryValues', () => {
  it('reads one or repeated values, never inherited properties', () => {
    expect(queryValues({ type: 'User' }, 'type')).toEqual(['User']);
    expect(queryValues({ type: ['User', 'Group'] }, 'type')).toEqual(['User', 'Group']);
    expect(queryValues({}, 'constructor')).toEqual([]);
  });
});

describe('readCypherBody', () => {
  it('reads the query and the flag', () => {
    expect(readCypherBody({ query: 'RETURN 1' })).toEqual({ query: 'RETURN 1', includeProperties: false });
    expect(readCypherBody({ query: 'RETURN 1', include_properties: true })).toEqual({ query: 'RETURN 1', includeProperties: true });
    expect(readCypherBody({ query: 'RETURN 1', include_properties: null })).toEqual({ query: 'RETURN 1', includeProperties: false });
  });

  it('answers 400 JSON malformed. for any other shape', async () => {
    for (const body of [undefined, null, [], 'q', {}, { query: 5 }, { query: 'RETURN 1', include_properties: 'yes' }]) {
      const error = await rejection(() => readCypherBody(body));
      expect([error.status, error.messages]).toEqual([400, ['JSON malformed.']]);
    }
  });
});
