/**
 * Where a command writes and what it reads. The process streams in production; the e2e tests pass their own, so
 * they run the commands in-process (fast) while asserting exactly what an operator would see.
 */
export interface CliIo {
  /** Results for the operator (and for scripts): standard output. */
  out(text: string): void;
  /** Errors and hints: standard error. */
  err(text: string): void;
  /** All of standard input, up to end of file. */
  readStdin(): Promise<string>;
  /** True when standard error is a terminal: progress is then one line rewritten in place. */
  errIsTty?: boolean;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  errIsTty: process.stderr.isTTY === true,
  async readStdin() {
    if (process.stdin.isTTY) process.stderr.write('Type the password, then Enter and Ctrl-D:\n');
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};
