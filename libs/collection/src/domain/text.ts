/**
 * Whether `text` has more than `max` characters, counted as code points (an emoji is one character, not two UTF-16
 * units), the one measure of length for collection text. Stops counting after `max`, so a string of megabytes costs
 * no more than a string just over the limit.
 */
export function longerThan(text: string, max: number): boolean {
  // Each code point is one or two UTF-16 units: both bounds settle most strings without counting.
  if (text.length <= max) return false;
  if (text.length > 2 * max) return true;
  let count = 0;
  for (const _ of text) if (++count > max) return true;
  return false;
}
