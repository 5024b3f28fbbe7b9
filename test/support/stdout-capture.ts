import { jest } from '@jest/globals';

/** What the app writes to stdout (its JSON log lines), captured instead of printed until `restore`. */
export interface StdoutCapture {
  text(): string;
  /** The JSON lines written so far, parsed. */
  lines(): Record<string, any>[];
  restore(): void;
}

/** Captures process.stdout, where the logger writes (see libs/platform/src/logging/request-log.ts). */
export function captureStdout(): StdoutCapture {
  let captured = '';
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    captured += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  });
  return {
    text: () => captured,
    lines: () => captured.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, any>),
    restore: () => spy.mockRestore(),
  };
}
