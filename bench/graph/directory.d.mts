// Types of the part of directory.mjs that TypeScript imports (test/support/analysis-graphs.ts).
/** mulberry32: a small seeded PRNG in [0, 1). */
export function prng(seed: number): () => number;
