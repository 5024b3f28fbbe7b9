import { withoutNul } from '../domain/properties.js';

/** Most warnings kept per file: a broken file could otherwise produce one per object. */
export const MAX_WARNINGS = 100;

/** Longest error or warning text kept: messages may quote the input (V8's JSON.parse errors do). */
export const MAX_REPORT_CHARS = 500;

/**
 * An error or warning text made safe to store and show: NUL removed (PostgreSQL text and jsonb refuse it) and the
 * length capped.
 */
export function reportText(text: string): string {
  const clean = withoutNul(text);
  return clean.length > MAX_REPORT_CHARS ? `${clean.slice(0, MAX_REPORT_CHARS)}…` : clean;
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
