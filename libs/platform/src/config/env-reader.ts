import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from './config-error.js';

export type Env = Record<string, string | undefined>;

/** Reads variables from an environment; each reader throws a ConfigError naming the variable on a bad value. */
export class EnvReader {
  constructor(private readonly env: Env, private readonly cwd: string) {}

  /** The trimmed value; unset and empty both read as undefined. */
  optional(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  /** An integer from `min` to `max`; `fallback` when unset. */
  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    }
    return Number(raw);
  }

  /** `true`/`1` or `false`/`0`; undefined when unset. */
  boolean(name: string): boolean | undefined {
    const raw = this.optional(name);
    if (raw === undefined) return undefined;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    throw new ConfigError(`${name} must be true or false, got "${raw}"`);
  }

  /** A path, resolved against the working directory; `fallback` (resolved too) when unset. */
  path(name: string, fallback: string): string;
  path(name: string): string | undefined;
  path(name: string, fallback?: string): string | undefined {
    const value = this.optional(name) ?? fallback;
    if (value === undefined) return undefined;
    return isAbsolute(value) ? value : resolve(this.cwd, value);
  }
}
