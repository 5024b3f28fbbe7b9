import { describe, expect, it } from '@jest/globals';
import type { GraphNode } from '../domain/graph.js';
import {
  NO_NAME, NO_OBJECT_ID, presentEntityInfo, presentLegacyGraph, presentNodeListEntry, presentSearchResult,
} from './entity-presenters.js';

const computer: GraphNode = {
  id: '4',
  kinds: ['Base', 'Computer'],
  properties: { objectid: 'S-1-5-21-1-1000', name: 'WS01.CORP.LOCAL', distinguishedname: 'CN=WS01,DC=CORP', system_tags: 'admin_tier_0' },
};

describe('presentSearchResult', () => {
  it('writes the search result strings', () => {
    expect(presentSearchResult(computer)).toEqual({
      objectid: 'S-1-5-21-1-1000', type: 'Computer', name: 'WS01.CORP.LOCAL',
      distinguishedname: 'CN=WS01,DC=CORP', system_tags: 'admin_tier_0',
    });
  });

  it("uses the reference's fallbacks", () => {
    expect(presentSearchResult({ id: '1', kinds: ['AZBase', 'AZApp'], properties: { displayname: 'App' } })).toEqual({
      objectid: NO_OBJECT_ID, type: 'AZApp', name: 'App', distinguishedname: '', system_tags: '',
    });
    expect(presentSearchResult({ id: '1', kinds: [], properties: {} }).name).toBe(NO_NAME);
  });
});

describe('presentNodeListEntry', () => {
  it('writes objectID, name, display kind and kinds, empty strings when missing', () => {
    expect(presentNodeListEntry(computer)).toEqual({
      objectID: 'S-1-5-21-1-1000', name: 'WS01.CORP.LOCAL', label: 'Computer', kinds: ['Base', 'Computer'],
    });
    expect(presentNodeListEntry({ id: '2', kinds: ['Base', 'User'], properties: {} })).toEqual({
      objectID: '', name: '', label: 'User', kinds: ['Base', 'User'],
    });
  });
});

describe('presentLegacyGraph', () => {
  it('keys nodes by id and edges by rel_<id>', () => {
    const target: GraphNode = { id: '5', kinds: ['Base', 'Computer'], properties: { objectid: 'S-2', name: 'SQL01' } };
    const edge = { id: '11', startId: '4', endId: '5', kind: 'AllowedToDelegate', properties: { isacl: false } };
    expect(presentLegacyGraph([computer, target], [edge])).toEqual({
      4: { label: { text: 'WS01.CORP.LOCAL' }, data: { ...computer.properties, nodetype: 'Computer' } },
      5: { label: { text: 'SQL01' }, data: { objectid: 'S-2', name: 'SQL01', nodetype: 'Computer' } },
      rel_11: { id1: '4', id2: '5', label: { text: 'AllowedToDelegate' }, data: { isacl: false } },
    });
  });
});

describe('presentEntityInfo', () => {
  it('writes kinds, props and the counts', () => {
    expect(presentEntityInfo(computer, { controllers: 3, 'pki-hierarchy': 1 })).toEqual({
      kinds: ['Base', 'Computer'], props: computer.properties, controllers: 3, 'pki-hierarchy': 1,
    });
  });

  it('flags tier zero inside props without counts', () => {
    expect(presentEntityInfo(computer, undefined)).toEqual({
      kinds: ['Base', 'Computer'], props: { ...computer.properties, isTierZero: true },
    });
    const plain: GraphNode = { id: '1', kinds: ['Base', 'AIACA'], properties: { objectid: 'X' } };
    expect(presentEntityInfo(plain, undefined)).toEqual({ kinds: ['Base', 'AIACA'], props: { objectid: 'X' } });
  });
});
