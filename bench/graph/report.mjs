// The printed table: a legend of the methods, then per question one row per method (p50, p95, notes) and a line of
// ratios (each method's p50 over its `versus` method's p50).

const NAME = 20;
const COLUMN = 10;

export const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
const ms = (value) => (value === undefined ? '-' : value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(2)} ms`);

/** What each method is, once, before the table. */
export function printLegend(methods, log) {
  log('methods:');
  for (const method of methods) log(`  ${method.name.padEnd(NAME)} ${method.note}`);
}

/** One question's rows and ratios (a time-boxed method's `timeoutMs` is its cap). */
export function printQuestion(question, measured, methods, log) {
  const { results, pathsPerAnswer, hopsPerPath } = measured;
  const hops = hopsPerPath === undefined ? '-' : hopsPerPath.toFixed(1);
  log('');
  log(`${question.title}: ${question.instances.length} instances, ${pathsPerAnswer.toFixed(1)} paths/answer, ${hops} hops/path`);
  log(`  ${'method'.padEnd(NAME)} ${'p50'.padStart(COLUMN)} ${'p95'.padStart(COLUMN)}   notes`);
  for (const method of methods) {
    const { times, timedOut, mismatches } = results.get(method.name);
    const notes = [];
    if (timedOut) notes.push(`hit its ${method.timeoutMs} ms cap after ${times.length} answered`);
    if (mismatches) notes.push(`${mismatches} answers' path lengths differ from in-memory BFS!`);
    const [p50, p95] = timedOut && times.length === 0 ? ['timeout', ''] : [ms(quantile(times, 0.5)), ms(quantile(times, 0.95))];
    log(`  ${method.name.padEnd(NAME)} ${p50.padStart(COLUMN)} ${p95.padStart(COLUMN)}   ${notes.join('; ')}`);
  }
  const ratios = methods.filter((m) => m.versus && results.has(m.versus)).map((m) => ratio(m, results));
  if (ratios.length) log(`  ratios (p50): ${ratios.join(', ')}`);
}

function ratio(method, results) {
  const { times, timedOut } = results.get(method.name);
  const base = quantile(results.get(method.versus).times, 0.5);
  const label = `${method.name} / ${method.versus}`;
  if (base === undefined) return `${label} -`;
  // A method that timed out at least once took longer than its cap there: its p50 is a lower bound at best.
  if (timedOut) return `${label} > ${factor(method.timeoutMs / base)}`;
  return `${label} ${factor(quantile(times, 0.5) / base)}`;
}

const factor = (value) => `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}x`;
