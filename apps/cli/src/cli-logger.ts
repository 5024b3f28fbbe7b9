import type { LoggerService } from '@nestjs/common';

/**
 * Nest's own log lines, reduced to what an operator at a console needs: warnings and errors, one line each on
 * stderr, no stack traces. Start-up chatter is dropped, and so is the ExceptionHandler's report of a failed start,
 * which the CLI prints itself (as one clear line).
 */
export class CliLogger implements LoggerService {
  constructor(private readonly write: (text: string) => void) {}

  log(): void {}

  warn(message: unknown, ...rest: unknown[]): void {
    this.print('warning', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.print('error', message, rest);
  }

  private print(level: string, message: unknown, rest: unknown[]): void {
    const context = rest.at(-1);
    if (context === 'ExceptionHandler') return;
    const text = message instanceof Error ? message.message : String(message);
    this.write(`${level}: ${typeof context === 'string' ? `${context}: ` : ''}${text}\n`);
  }
}
