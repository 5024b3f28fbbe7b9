// The size a bench runs at. BENCH_SIZE=tiny swaps each bench's defaults for tiny ones, so every bench runs end to
// end in seconds: CI runs them so after the build, since they import the build output by path and a rename there
// must fail loudly. Flags given on the command line still win.
const size = process.env.BENCH_SIZE ?? 'full';
if (size !== 'full' && size !== 'tiny') throw new Error(`BENCH_SIZE must be tiny or full, got "${size}"`);

export const tiny = size === 'tiny';

/** An option's default: `full`, or `small` with BENCH_SIZE=tiny. */
export const sized = (full, small) => (tiny ? small : full);
