import { storableText } from '../domain/properties.js';

/** Most warnings kept per file: a broken file could otherwise produce one per object. */
export const MAX_WARNINGS = 100;

/** Longest error or warning text kept: messages may quote the input (V8's JSON.parse errors do). */
export const MAX_REPORT_CHARS = 500;

/**
 * An error or warning text made safe to store and show: made storable (`storableText`) and the length capped (a cut
 * through a surrogate pair leaves U+FFFD, never half of the pair).
 */
export function reportText(text: string): string {
  const clean = storableText(text);
  return clean.length > MAX_REPORT_CHARS ? `${clean.slice(0, MAX_REPORT_CHARS).toWellFormed()}…` : clean;
}

/** A file's warnings, capped: past the cap only a count is kept, reported as one closing line. */
export class WarningList {
  private readonly kept: string[] = [];
  private dropped = 0;

  add(warning: string): void {
    if (this.kept.length < MAX_WARNINGS) this.kept.push(reportText(warning));
    else this.dropped++;
  }

  list(): string[] {
    return this.dropped === 0 ? [...this.kept] : [...this.kept, `... and ${this.dropped} more warning(s)`];
  }
}
