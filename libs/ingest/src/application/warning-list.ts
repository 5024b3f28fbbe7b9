/** Most warnings kept per file: a broken file could otherwise produce one per object. */
export const MAX_WARNINGS = 100;

/** A file's warnings, capped: past the cap only a count is kept, reported as one closing line. */
export class WarningList {
  private readonly kept: string[] = [];
  private dropped = 0;

  add(warning: string): void {
    if (this.kept.length < MAX_WARNINGS) this.kept.push(warning);
    else this.dropped++;
  }

  list(): string[] {
    return this.dropped === 0 ? [...this.kept] : [...this.kept, `... and ${this.dropped} more warning(s)`];
  }
}
