import { AppConfig, loadConfig } from './app-config.js';
import type { ConfigSlice, ConfigSliceToken } from './config-slice.js';
import type { Env } from './env-reader.js';

/** The platform's settings and the values of every library slice the app runs with, read and validated together. */
export interface Configuration {
  app: AppConfig;
  slices: ReadonlyMap<ConfigSliceToken<object>, object>;
}

/**
 * Reads the platform's settings, then each slice in turn: the first bad variable anywhere throws its ConfigError,
 * before anything has started.
 */
export function readConfiguration(
  slices: readonly ConfigSlice[], env: Env = process.env, cwd = process.cwd(),
): Configuration {
  const app = loadConfig(env, cwd);
  return { app, slices: new Map(slices.map((slice) => [slice.token, slice.read(env, cwd)])) };
}
