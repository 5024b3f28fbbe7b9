import { Database } from '@app/platform';
import type { TestApp } from './test-app.js';

/** Every edge of `kind` in the app's graph as `START -[kind]-> END` lines of objectids, sorted. */
export async function edgeLinesOf(t: TestApp, kind: string): Promise<string[]> {
  const rows = await t.app.get(Database).query<{ s: string; e: string }>(`
    SELECT s.properties ->> 'objectid' AS s, e.properties ->> 'objectid' AS e FROM edge
    JOIN kind k ON k.id = edge.kind_id JOIN node s ON s.id = edge.start_id JOIN node e ON e.id = edge.end_id
    WHERE k.name = $1`, [kind]);
  return rows.map((r) => `${r.s} -[${kind}]-> ${r.e}`).sort();
}
