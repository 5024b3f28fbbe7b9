import { describe, expect, it } from '@jest/globals';
import type { GraphNode, Properties } from './graph.js';
import { displayName, isNodeKind, isOwned, isTierZero, primaryDisplayKind, textProperty } from './display.js';

const node = (kinds: string[], properties: Properties = {}): GraphNode => ({ id: '1', kinds, properties });

describe('primaryDisplayKind', () => {
  it('prefers the primarykind property set by generic ingest', () => {
    expect(primaryDisplayKind(node(['Base', 'User'], { primarykind: 'Person' }))).toBe('Person');
  });

  it('skips Base, AZBase and tag kinds for the first specific kind', () => {
    expect(primaryDisplayKind(node(['Base', 'Tag_Tier_Zero', 'User']))).toBe('User');
    expect(primaryDisplayKind(node(['AZBase', 'AZUser', 'Tag_Owned']))).toBe('AZUser');
  });

  it('shows a local group as ADLocalGroup only when nothing better exists', () => {
    expect(primaryDisplayKind(node(['Base', 'Group', 'ADLocalGroup']))).toBe('Group');
    expect(primaryDisplayKind(node(['Base', 'ADLocalGroup']))).toBe('ADLocalGroup');
  });

  it('falls back to Base or AZBase, then Unknown', () => {
    expect(primaryDisplayKind(node(['Base', 'Tag_Tier_Zero']))).toBe('Base');
    expect(primaryDisplayKind(node(['AZBase']))).toBe('AZBase');
    expect(primaryDisplayKind(node(['Tag_Owned']))).toBe('Unknown');
    expect(primaryDisplayKind(node([]))).toBe('Unknown');
  });
});

describe('isTierZero and isOwned', () => {
  it('recognise the privilege-zone kinds', () => {
    expect(isTierZero(node(['Base', 'Group', 'Tag_Tier_Zero']))).toBe(true);
    expect(isOwned(node(['Base', 'User', 'Tag_Owned']))).toBe(true);
  });

  it('recognise the legacy system_tags', () => {
    expect(isTierZero(node(['Base'], { system_tags: 'owned admin_tier_0' }))).toBe(true);
    expect(isOwned(node(['Base'], { system_tags: 'owned admin_tier_0' }))).toBe(true);
  });

  it('are false for ordinary nodes', () => {
    expect(isTierZero(node(['Base', 'User'], { system_tags: 'owned' }))).toBe(false);
    expect(isOwned(node(['Base', 'User']))).toBe(false);
  });
});

describe('displayName', () => {
  it('uses name, then displayname, then objectid', () => {
    expect(displayName(node([], { name: 'A', displayname: 'B', objectid: 'C' }))).toBe('A');
    expect(displayName(node([], { displayname: 'B', objectid: 'C' }))).toBe('B');
    expect(displayName(node([], { objectid: 'C' }))).toBe('C');
    expect(displayName(node([]))).toBeUndefined();
  });
});

describe('textProperty', () => {
  it('writes scalars as text and structures as JSON', () => {
    expect(textProperty({ a: 'x', b: 3, c: true, d: ['p'], e: null }, 'a')).toBe('x');
    expect(textProperty({ b: 3 }, 'b')).toBe('3');
    expect(textProperty({ c: true }, 'c')).toBe('true');
    expect(textProperty({ d: ['p'] }, 'd')).toBe('["p"]');
    expect(textProperty({ e: null }, 'e')).toBeUndefined();
  });
});

describe('isNodeKind', () => {
  it('accepts AD and Azure node kinds only', () => {
    expect(isNodeKind('User')).toBe(true);
    expect(isNodeKind('AZApp')).toBe(true);
    expect(isNodeKind('MemberOf')).toBe(false);
    expect(isNodeKind('Tag_Tier_Zero')).toBe(false);
    expect(isNodeKind('user')).toBe(false);
  });
});
