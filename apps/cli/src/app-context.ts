import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { readConfiguration } from '@app/platform';
import { Client } from 'pg';
import { CONFIG_SLICES } from '../../api/src/config-slices.js';
import { CliError, messageOf } from './cli-error.js';
import { CliLogger } from './cli-logger.js';
import type { CliIo } from './cli-io.js';
import { CliModule } from './cli.module.js';

/**
 * Starts the CLI's Nest context (which runs the pending migrations, as the API does at start), runs `work`, and
 * always closes it: closing stops an embedded PostgreSQL cleanly.
 */
export async function withAppContext<T>(io: CliIo, work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  // Validated here first so a bad variable is reported before anything starts (the module reads it again).
  const { app: config } = readConfiguration(CONFIG_SLICES);
  if (config.databaseUrl !== undefined) await assertReachable(config.databaseUrl);
  // abortOnError: false, else Nest calls process.abort() on a failed start instead of letting us report it.
  const app = await NestFactory.createApplicationContext(CliModule, {
    logger: new CliLogger((text) => io.err(text)),
    abortOnError: false,
  });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

/**
 * Fails fast, naming the server, when DATABASE_URL cannot be used: the DataSource itself would retry for about
 * half a minute before giving up.
 */
async function assertReachable(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new CliError(`cannot connect to the database at ${describeServer(databaseUrl)}: ${messageOf(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** host:port/database, never the credentials. */
function describeServer(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
}
