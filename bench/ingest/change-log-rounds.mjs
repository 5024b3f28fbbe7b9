// What the graph change log costs ingest, measured against this machine's noise: the same files ingested into a
// fresh database with the change-log triggers enabled and disabled, alternately, for several rounds (the order
// swapped each round, so drift in the machine's speed falls on both). Prints each ingest's time and the medians.
// One ingest pair at 100k objects varies by 15% or more between runs on a shared machine; medians of alternating
// rounds are what can tell a few percent.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { dropDatabase, migrateDatabase, prepareDatabase } from '../graph/load.mjs';

const DATABASE = 'pathwarden_bench_ingest_rounds';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Ingests `paths` `rounds` times with the change log and as often without; resolves to the medians in seconds. */
export async function changeLogRounds({ dist, adminUrl, paths, rounds, here, log, onDatabase }) {
  const seconds = { with: [], without: [] };
  log(`change log on and off, alternately, ${rounds} round(s) (each a fresh, migrated database):`);
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? ['with', 'without'] : ['without', 'with'];
    for (const mode of order) {
      const db = await prepareDatabase(adminUrl, 'pathwarden ingest rounds', false, DATABASE);
      await migrateDatabase(dist, db.url);
      if (mode === 'without') {
        await onDatabase(db.url, (client) => client.query('ALTER TABLE node DISABLE TRIGGER USER; ALTER TABLE edge DISABLE TRIGGER USER'));
      }
      const output = execFileSync(process.execPath, [join(here, 'ingest-child.mjs'), dist, db.url, ...paths],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
      const ingest = JSON.parse(output.trim().split('\n').at(-1));
      if (ingest.failures.length > 0) throw new Error(`ingest failed: ${ingest.failures.join(' | ')}`);
      seconds[mode].push(ingest.seconds);
      log(`  round ${round}, ${mode.padEnd(7)} change log: ${ingest.seconds.toFixed(1)} s`);
      await dropDatabase(adminUrl, DATABASE);
    }
  }
  const [on, off] = [median(seconds.with), median(seconds.without)];
  log(`median ingest: with the change log ${on.toFixed(1)} s, without ${off.toFixed(1)} s; ` +
    `with / without ${(on / off).toFixed(3)}x (${(((on / off) - 1) * 100).toFixed(1)}%)`);
  return { on, off };
}
