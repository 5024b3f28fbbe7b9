import { describe, expect, it } from '@jest/globals';
import { joinSql, param, raw, sql } from './sql.js';

describe('sql template', () => {
  it('numbers the values in the order they appear, nested fragments included; raw text and constants stay text', () => {
    const kinds = sql`e.kind_id = ANY(${[3, 4]}::int2[])`;
    const graph = sql`e.graph_id = ${raw(1)}`;
    const id = raw('e.id');
    const statement = sql`SELECT ${id} FROM edge e WHERE e.end_id = ${'7'} AND ${kinds} AND ${graph} LIMIT ${10}`;
    expect(statement.toQuery()).toEqual({
      text: 'SELECT e.id FROM edge e WHERE e.end_id = $1 AND e.kind_id = ANY($2::int2[]) AND e.graph_id = 1 LIMIT $3',
      values: ['7', [3, 4], 10],
    });
  });

  it('binds a param once: every interpolation of it, in any fragment, is the same placeholder', () => {
    const at = param(new Date(0));
    const set = joinSql([sql`last_ingest = ${at}`, sql`updated_at = ${at}`], ', ');
    expect(sql`UPDATE ingest_jobs SET ${set} WHERE id = ${12} AND start_time <= ${at}`.toQuery()).toEqual({
      text: 'UPDATE ingest_jobs SET last_ingest = $1, updated_at = $1 WHERE id = $2 AND start_time <= $1',
      values: [new Date(0), 12],
    });
  });

  it('binds equal values that are no param separately, and a param afresh in each statement', () => {
    const tag = param('admin_tier_0');
    expect(sql`${'x'} ${'x'} ${tag}`.toQuery()).toEqual({ text: '$1 $2 $3', values: ['x', 'x', 'admin_tier_0'] });
    expect(sql`${1} ${tag} ${tag}`.toQuery()).toEqual({ text: '$1 $2 $2', values: [1, 'admin_tier_0'] });
  });

  it('joins fragments with a separator, nothing for no fragments', () => {
    const joined = joinSql([sql`a = ${1}`, sql`b = ${2}`], ' AND ');
    expect(joined.toQuery()).toEqual({ text: 'a = $1 AND b = $2', values: [1, 2] });
    expect(joinSql([], ', ').isEmpty).toBe(true);
  });
});
