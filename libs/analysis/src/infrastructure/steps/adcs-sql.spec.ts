import { describe, expect, it } from '@jest/globals';
import { adcsSql, holds, is, numberIs, packedIds } from './adcs-sql.js';
import type { RunSql } from './step.js';

/** A fake connection: kind ids from their position in the requested list, every statement recorded. */
function fakeSql(): { sql: RunSql; statements: string[] } {
  const statements: string[] = [];
  const sql: RunSql = async (text, params) => {
    statements.push(text);
    if (text.startsWith('SELECT id, name FROM kind')) {
      return (params![0] as string[]).map((name, index) => ({ id: index + 1, name }));
    }
    return [];
  };
  return { sql, statements };
}

describe('adcsSql', () => {
  it('replaces kind placeholders by ids, as arrays after ANY( and &&', async () => {
    const { sql, statements } = fakeSql();
    const run = await adcsSql(sql);
    await run('SELECT {User} = ANY(k), e.kind_id = ANY({Enroll}), k && {User|Group}, x IN ({Enroll}, {Group})');
    expect(statements.at(-1)).toBe(
      'SELECT 2 = ANY(k), e.kind_id = ANY(ARRAY[22]::int2[]), k && ARRAY[2,4]::int2[], x IN (22, 4)');
  });

  it('refuses an unknown kind', async () => {
    const run = await adcsSql(fakeSql().sql);
    await expect(run('SELECT {NoSuchKind}')).rejects.toThrow('unknown kind in ADCS statement: NoSuchKind');
  });
});

describe('property conditions', () => {
  it('never yield NULL and never cast a value of another type', () => {
    expect(is('t', 'enabled')).toBe(`coalesce((t.properties -> 'enabled') = 'true'::jsonb, false)`);
    expect(numberIs('t', 'schemaversion', '= 1')).toContain(`CASE WHEN jsonb_typeof(t.properties -> 'schemaversion') = 'number'`);
    expect(holds('t', 'ekus', ['1.2'], true)).toContain(`jsonb_array_length(t.properties -> 'ekus') = 0 OR`);
  });
});

describe('packedIds', () => {
  it('reads int8send output (big-endian 8 bytes per id), past 2^32 too', () => {
    const ids = [1, 255, 2 ** 32 - 1, 2 ** 32 + 7, 2 ** 52 + 3];
    const packed = Buffer.alloc(ids.length * 8);
    ids.forEach((id, i) => packed.writeBigInt64BE(BigInt(id), i * 8));
    expect([...packedIds(packed)]).toEqual(ids);
    expect([...packedIds(null)]).toEqual([]);
  });
});
