import { describe, expect, it } from '@jest/globals';
import neo4j from 'neo4j-driver';
import { decodeProperties, encodePatch, JSON_KEYS_PROPERTY, mergePatches } from './neo4j-properties.js';
import { toGraphNode } from './neo4j-values.js';

describe('Neo4j property encoding', () => {
  it('sends whole numbers as integers and keeps strings, booleans, floats and nulls', () => {
    expect(encodePatch({ s: 'x', b: false, i: 3, f: 1.5, n: null, big: 2 ** 60 })).toEqual({
      properties: { s: 'x', b: false, i: neo4j.int(3), f: 1.5, n: null, big: 2 ** 60 },
      keys: ['s', 'b', 'i', 'f', 'n', 'big'],
      jsonKeys: [],
    });
  });

  it('keeps arrays of one scalar type as arrays, all floats once any number has a fraction', () => {
    expect(encodePatch({ ints: [1, 2], mixed: [1, 2.5], strings: ['a'], empty: [] }).properties).toEqual({
      ints: [neo4j.int(1), neo4j.int(2)], mixed: [1, 2.5], strings: ['a'], empty: [],
    });
  });

  it('stores what Neo4j cannot hold as JSON text and names those keys', () => {
    const value = { maps: { inner: null }, mixed: [1, 'a'], nulls: ['a', null], nested: [[1]] };
    expect(encodePatch(value)).toEqual({
      properties: { maps: '{"inner":null}', mixed: '[1,"a"]', nulls: '["a",null]', nested: '[[1]]' },
      keys: ['maps', 'mixed', 'nulls', 'nested'],
      jsonKeys: ['maps', 'mixed', 'nulls', 'nested'],
    });
  });

  it('never lets a patch write the hidden list or an undefined value', () => {
    expect(encodePatch({ [JSON_KEYS_PROPERTY]: ['x'], gone: undefined })).toEqual({ properties: {}, keys: [], jsonKeys: [] });
  });

  it('decodes JSON-text properties back and hides the list', () => {
    expect(decodeProperties({ a: '{"inner":null}', b: '[1]', c: 'plain', [JSON_KEYS_PROPERTY]: ['a', 'b'] }))
      .toEqual({ a: { inner: null }, b: [1], c: 'plain' });
    const node = new neo4j.types.Node(1, ['PWNode'], { objectid: 'S', m: '{"k":1}', [JSON_KEYS_PROPERTY]: ['m'] });
    expect(toGraphNode(node).properties).toEqual({ objectid: 'S', m: { k: 1 } });
  });

  it('merges patches in order, undefined leaving the earlier value', () => {
    expect(mergePatches({ a: 1, b: 1, c: 1 }, { a: 2, b: null, c: undefined })).toEqual({ a: 2, b: null, c: 1 });
  });
});
