// Times each method over a question's instances, in the list's order per instance, and checks each answer's path
// lengths against the in-memory reference (computed untimed). A method that times out (its own cap, or the
// request deadline's 504 for the engine's methods) is not asked again for that question.

const elapsed = (from) => Number(process.hrtime.bigint() - from) / 1e6;

/** Hops of a path in any of the shapes the methods answer with. */
const hopsOf = (path) => path.edges?.length ?? path.edgeIds?.length ?? path.length - 1;
const lengths = (paths) => paths.map(hopsOf).sort((a, b) => a - b).join(',');

/**
 * Per method: { times (ms), timedOut, mismatches }; plus the reference's paths per answer and hops per path.
 * `reference(q)` gives the expected paths.
 */
export async function measureQuestion(question, methods, reference) {
  const results = new Map(methods.map((m) => [m.name, { times: [], timedOut: false, mismatches: 0 }]));
  let paths = 0;
  let hops = 0;
  for (const q of question.instances) {
    const expected = reference(q);
    paths += expected.length;
    hops += expected.reduce((sum, path) => sum + hopsOf(path), 0);
    for (const method of methods) {
      const result = results.get(method.name);
      if (result.timedOut) continue;
      const started = process.hrtime.bigint();
      const answer = await attempt(method, q);
      const ms = elapsed(started);
      if (answer === 'timeout') {
        result.timedOut = true;
        continue;
      }
      result.times.push(ms);
      if (lengths(answer) !== lengths(expected)) result.mismatches++;
    }
  }
  const count = question.instances.length;
  return { results, pathsPerAnswer: paths / count, hopsPerPath: paths ? hops / paths : undefined };
}

/**
 * Warms every method that is not time-boxed on each question before anything is timed: up to WARM_UP_RUNS runs over
 * the question's instances, or until WARM_UP_MS have been spent on it. The in-memory BFS is hot from picking the
 * questions and answers each instance twice (as the reference too); one run of the others left their first timed
 * runs in the JIT's lower tiers (members -> DA: ~1.5 ms for ~20 runs, then ~0.7 ms). A service's search is hot.
 */
const WARM_UP_RUNS = 20;
const WARM_UP_MS = 1_000;

export async function warmUp(questions, methods) {
  for (const question of questions) {
    for (const method of methods.filter((m) => !m.timeBoxed)) {
      const started = process.hrtime.bigint();
      for (let run = 0; run < WARM_UP_RUNS && elapsed(started) < WARM_UP_MS; run++) {
        if (await attempt(method, question.instances[run % question.instances.length]) === 'timeout') break;
      }
    }
  }
}

/** The method's answer, or 'timeout' when it hit its cap: its own, or the deadline's 504 (ApiError.timedOut). */
async function attempt(method, q) {
  try {
    return await method.run(q);
  } catch (error) {
    if (error?.status === 504) return 'timeout';
    throw error;
  }
}
