import { runCli } from '../cli.js';

/** What a command printed and its exit code. */
export interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CaptureOptions {
  /** Standard input, read whole. */
  stdin?: string;
  /** Environment for this run only: a string sets the variable, undefined unsets it; restored afterwards. */
  env?: Record<string, string | undefined>;
}

/**
 * Runs one command line in-process through runCli (what main.ts calls with process.argv), its standard streams
 * captured (not a terminal: progress comes as plain lines).
 */
export async function runCaptured(args: string[], options: CaptureOptions = {}): Promise<CapturedRun> {
  const output = { stdout: '', stderr: '' };
  const saved = Object.fromEntries(Object.keys(options.env ?? {}).map((name) => [name, process.env[name]]));
  setEnv(options.env ?? {});
  try {
    const code = await runCli(args, {
      out: (text) => void (output.stdout += text),
      err: (text) => void (output.stderr += text),
      readStdin: async () => options.stdin ?? '',
    });
    return { code, ...output };
  } finally {
    setEnv(saved);
  }
}

function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}
