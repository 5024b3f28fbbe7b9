import { EnvReader, type Env } from './env-reader.js';

/** The class a library's code injects for its settings, and the DI token they are provided under. */
export type ConfigSliceToken<T extends object> = abstract new (...args: never[]) => T;

/**
 * A library's own settings, declared beside its module: the class its code injects, and how to read and validate it.
 * The app lists every slice it runs with, so all are read and validated together before anything starts
 * (`readConfiguration`, `ConfigModule.forRoot`).
 */
export interface ConfigSlice<T extends object = object> {
  readonly token: ConfigSliceToken<T>;
  /** Reads the slice; throws ConfigError naming the variable on any bad value. */
  read(env?: Env, cwd?: string): T;
}

/**
 * Declares a slice: its class (fields only), and a reader of the environment returning its values, which become an
 * instance of the class.
 */
export function defineConfigSlice<T extends object>(
  token: ConfigSliceToken<T>, read: (env: EnvReader) => NoInfer<T>,
): ConfigSlice<T> {
  return {
    token,
    read: (env = process.env, cwd = process.cwd()) =>
      Object.assign(Object.create(token.prototype) as T, read(new EnvReader(env, cwd))),
  };
}
