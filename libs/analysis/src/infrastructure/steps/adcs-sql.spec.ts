import { describe, expect, it } from '@jest/globals';
import { adcsSql, holds, is, numberIs } from './adcs-sql.js';
import type { RunSql } from './step.js';

/** A fake connection: kind ids 2, 4, 22 for User, Group, Enroll and 100 + position for others, statements recorded. */
function fakeSql(): { sql: RunSql; statements: string[] } {
  const statements: string[] = [];
  const fixed: Record<string, number> = { User: 2, Group: 4, Enroll: 22 };
  const sql: RunSql = async (text, params) => {
    statements.push(text);
    if (text.startsWith('SELECT id, name FROM kind')) {
      return (params![0] as string[]).map((name, index) => ({ id: fixed[name] ?? 100 + index, name }));
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
    await expect(run('SELECT {NoSuchKind}')).rejects.toThrow('unknown kind in statement: NoSuchKind');
  });
});

describe('property conditions', () => {
  it('never yield NULL and never cast a value of another type', () => {
    expect(is('t', 'enabled')).toBe(`coalesce((t.properties -> 'enabled') = 'true'::jsonb, false)`);
    expect(numberIs('t', 'schemaversion', '= 1')).toContain(`CASE WHEN jsonb_typeof(t.properties -> 'schemaversion') = 'number'`);
    expect(holds('t', 'ekus', ['1.2'], true)).toContain(`jsonb_array_length(t.properties -> 'ekus') = 0 OR`);
  });
});
