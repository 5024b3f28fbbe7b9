// Variable-length Cypher (issue 15): the same queries through PgQueryEngine with the traversal index enumerating
// their walks (IndexedWalks) and SQL-only (recursive CTEs), interleaved, p50 per query, with the rows each returns
// and which path answered. Read-only: runs before the catch-up figures, which write.
import { asRequestOf } from './methods.mjs';
import { quantile } from './report.mjs';

const ROW_LIMIT = 100_000;
const elapsed = (from) => Number(process.hrtime.bigint() - from) / 1e6;
const ms = (value) => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(2)} ms`);

/** Queries users run (cypher-prebuilt-queries.md shapes) over the bench directory's first domain. */
function queries(dir, sidOf) {
  const d = 0;
  const [users, groups] = [dir.byDomain[d][4], dir.byDomain[d][3]];
  const user = users[Math.floor(users.length / 2)];
  const group = groups.find((g) => dir.rid[g] >= 1000);
  return [
    ['groups of a user (MemberOf*1..)', `MATCH p = (u:User {objectid: '${sidOf(user)}'})-[:MemberOf*1..]->(g:Group) RETURN p`],
    ['members of a group (named path, 1..3)', `MATCH p = (n)-[:MemberOf*1..3]->(g:Group {objectid: '${sidOf(group)}'}) RETURN p`],
    ['Domain Admins members, distinct', `MATCH (n)-[:MemberOf*1..]->(g:Group) WHERE g.objectid ENDS WITH '-512' RETURN DISTINCT n`],
    ['users with a path of 1..2 rights to Domain Admins', `MATCH (u:User)-[:GenericAll|AddMember*1..2]->(g:Group) WHERE g.objectid ENDS WITH '-512' RETURN DISTINCT u`],
    // Every user's trails pass the output cap: the index gives up and the CTE, which LIMIT stops early, answers.
    ['any 10 users\' group trails (LIMIT 10)', 'MATCH p = (u:User)-[:MemberOf*1..]->(g:Group) RETURN p LIMIT 10'],
  ];
}

/** Prints one table; `context` is the graph bench's ({ lib, database, registry, keeper, log }). */
export async function varLengthFigures(context, dir, sidOf, runs) {
  const { lib, database, registry, keeper, log } = context;
  const walks = new lib.IndexedWalks(keeper);
  const engines = [
    ['cypher + index', new lib.PgQueryEngine(database, registry, new lib.PgPathfinder(database, registry), walks)],
    ['cypher SQL-only', new lib.PgQueryEngine(database, registry, new lib.PgPathfinder(database, registry))],
  ];
  log('');
  log(`variable-length Cypher (PgQueryEngine.execute, row limit ${ROW_LIMIT}, ${runs} runs each, interleaved; p50):`);
  for (const [title, text] of queries(dir, sidOf)) {
    const query = lib.prepareCypher(text);
    const times = engines.map(() => []);
    const rows = [];
    const before = { ...walks.counts };
    for (let run = 0; run <= runs; run++) {
      for (const [i, [, engine]] of engines.entries()) {
        const started = process.hrtime.bigint();
        const result = await asRequestOf(lib, () => engine.execute(query, { rowLimit: ROW_LIMIT }))
          .catch((error) => ({ error: error.status ?? error.message }));
        // The first round warms caches and is not counted.
        if (run > 0) times[i].push(elapsed(started));
        rows[i] = result.error ?? result.rows.length;
      }
    }
    const answered = walks.counts.memory > before.memory ? 'memory' : 'SQL (handed back)';
    const [withIndex, sqlOnly] = times.map((list) => quantile(list, 0.5));
    log(`  ${title}: index ${ms(withIndex)} (walks from ${answered}), SQL-only ${ms(sqlOnly)}, `
      + `${(sqlOnly / withIndex).toFixed(1)}x; rows ${rows.join(' / ')}`);
  }
}
