/**
 * A count and its noun, for every number the CLI prints: singular for exactly one (`plural(1, 'object')` is
 * "1 object", `plural(0, 'object')` "0 objects"); `many` for nouns whose plural is not the noun plus "s".
 */
export function plural(count: number, noun: string, many = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : many}`;
}
