import { plural } from '../plural.js';

/** At most this often the progress line is redrawn (about 5 times a second). */
const REFRESH_MS = 200;

/**
 * The ingest progress on standard error: objects written, objects/s and files done. On a terminal, one line
 * rewritten in place (throttled); elsewhere (a pipe, a log file), one plain line per finished file.
 */
export class IngestProgressLine {
  private objects = 0;
  private filesDone = 0;
  private lastDraw = 0;
  private drawn = false;
  private readonly started = performance.now();

  constructor(private readonly write: (text: string) => void, private readonly tty: boolean, private readonly totalFiles: number) {}

  /** Objects written by a batch. */
  add(objects: number): void {
    this.objects += objects;
    if (!this.tty) return;
    const now = performance.now();
    if (now - this.lastDraw < REFRESH_MS) return;
    this.lastDraw = now;
    this.draw();
  }

  /** A file (as given, a zip counts once) is done. */
  fileDone(name: string): void {
    this.filesDone += 1;
    if (this.tty) this.draw();
    else this.write(`${this.text()} (${name})\n`);
  }

  /** Ends the rewritten line, so what follows starts on a line of its own. */
  finish(): void {
    if (this.tty && this.drawn) this.write('\n');
  }

  /** Objects per second since the start. */
  rate(): number {
    const seconds = (performance.now() - this.started) / 1000;
    return seconds > 0 ? Math.round(this.objects / seconds) : 0;
  }

  private draw(): void {
    this.drawn = true;
    this.write(`\r\x1b[K${this.text()}`);
  }

  private text(): string {
    return `ingest: ${this.filesDone}/${plural(this.totalFiles, 'file')}, ${plural(this.objects, 'object')}, ${this.rate()} objects/s`;
  }
}
