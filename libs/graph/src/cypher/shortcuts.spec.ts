import { describe, expect, it } from '@jest/globals';
import { AD_PATHFINDING_EDGE_KINDS, AZURE_PATHFINDING_EDGE_KINDS } from '../domain/kinds.js';
import type { Expr, MatchClause, ReturnClause } from './ast.js';
import { parseCypher } from './parser.js';
import { expandShortcuts, expandTypes } from './shortcuts.js';

const firstTypes = (text: string) =>
  (expandShortcuts(parseCypher(text)).clauses[0] as MatchClause).pattern[0].element.relationships[0].types;

describe('expandTypes', () => {
  it('expands AD_ATTACK_PATHS to the AD pathfinding kinds', () => {
    expect(expandTypes(['AD_ATTACK_PATHS'])).toEqual([...AD_PATHFINDING_EDGE_KINDS]);
  });

  it('expands AZ_ATTACK_PATHS to the Azure pathfinding kinds', () => {
    expect(expandTypes(['AZ_ATTACK_PATHS'])).toEqual([...AZURE_PATHFINDING_EDGE_KINDS]);
  });

  it('expands ALL_ATTACK_PATHS to both lists', () => {
    expect(expandTypes(['ALL_ATTACK_PATHS'])).toEqual([...AD_PATHFINDING_EDGE_KINDS, ...AZURE_PATHFINDING_EDGE_KINDS]);
  });

  it('keeps the other listed types and drops duplicates', () => {
    expect(expandTypes(['Custom', 'MemberOf', 'AD_ATTACK_PATHS', 'AD_ATTACK_PATHS'])).toEqual([
      'Custom', 'MemberOf', ...AD_PATHFINDING_EDGE_KINDS.filter((k) => k !== 'MemberOf'),
    ]);
  });

  it('leaves types without shortcuts alone, including names of object members', () => {
    expect(expandTypes(['constructor', 'toString', 'ad_attack_paths'])).toEqual(['constructor', 'toString', 'ad_attack_paths']);
  });
});

describe('expandShortcuts', () => {
  it('expands shortcuts in MATCH patterns, shortest paths included', () => {
    expect(firstTypes('MATCH p=shortestPath((s)-[:AD_ATTACK_PATHS*1..]->(t)) RETURN p')).toEqual([...AD_PATHFINDING_EDGE_KINDS]);
  });

  it('expands shortcuts in pattern predicates, wherever they appear', () => {
    const query = expandShortcuts(parseCypher(
      'MATCH (n), (m) WHERE NOT (n)-[:AZ_ATTACK_PATHS]->(m) RETURN exists((n)-[:AD_ATTACK_PATHS]->(m))',
    ));
    const where = (query.clauses[0] as MatchClause).where as Expr & { operand: Expr & { type: 'pattern' } };
    const call = (query.clauses[1] as ReturnClause).items[0].expr as Expr & { args: (Expr & { type: 'pattern' })[] };
    expect(where.operand.element.relationships[0].types).toEqual([...AZURE_PATHFINDING_EDGE_KINDS]);
    expect(call.args[0].element.relationships[0].types).toEqual([...AD_PATHFINDING_EDGE_KINDS]);
  });

  it('does not change the query it is given', () => {
    const query = parseCypher('MATCH (a)-[:AD_ATTACK_PATHS]->(b) RETURN a');
    const before = JSON.stringify(query);
    expandShortcuts(query);
    expect(JSON.stringify(query)).toBe(before);
  });
});
