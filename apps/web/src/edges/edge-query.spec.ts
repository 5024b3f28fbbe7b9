import { describe, expect, it } from '@jest/globals';
import { edgePropertiesQuery, isCompositeKind, parseEdgeKey, safeHttpsUrl } from './edge-query';

describe('edge panel helpers', () => {
  it('reads an edge key', () => {
    expect(parseEdgeKey('12|ADCSESC1|34')).toEqual({ source: '12', kind: 'ADCSESC1', target: '34' });
    expect(parseEdgeKey('12|ADCSESC1')).toBeNull();
    expect(parseEdgeKey('12||34')).toBeNull();
  });

  it('knows the composite kinds', () => {
    expect(isCompositeKind('ADCSESC1')).toBe(true);
    expect(isCompositeKind('CoerceAndRelayNTLMToSMB')).toBe(true);
    expect(isCompositeKind('GoldenCert')).toBe(true);
    expect(isCompositeKind('MemberOf')).toBe(false);
    expect(isCompositeKind('CoerceAndRelayNTLMToLDAP')).toBe(false);
  });

  it('builds the properties query from ids and a kind name only', () => {
    expect(edgePropertiesQuery({ source: '1', kind: 'GenericAll', target: '2' }))
      .toBe('MATCH (a)-[r:GenericAll]->(b) WHERE id(a) = 1 AND id(b) = 2 RETURN r LIMIT 1');
    expect(edgePropertiesQuery({ source: '1) RETURN 1 //', kind: 'GenericAll', target: '2' })).toBeNull();
    expect(edgePropertiesQuery({ source: '1', kind: 'A]->() DETACH DELETE b //', target: '2' })).toBeNull();
    expect(edgePropertiesQuery({ source: '1', kind: 'GenericAll', target: 'x' })).toBeNull();
  });

  it('keeps https links only', () => {
    expect(safeHttpsUrl('https://learn.microsoft.com/x')).toBe('https://learn.microsoft.com/x');
    expect(safeHttpsUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpsUrl('http://example.com')).toBeNull();
    expect(safeHttpsUrl('not a url')).toBeNull();
  });
});
