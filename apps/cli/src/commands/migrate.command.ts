import type { Command } from 'commander';
import { platformMigrations } from '@app/platform';
import { migrations } from '../../../api/src/migrations.js';
import { withAppContext } from '../app-context.js';
import type { CliIo } from '../cli-io.js';
import { recordMigrationsRun } from '../migration-recorder.js';
import { plural } from '../plural.js';

/** Runs the pending migrations (the database module does so at start) and says which ran. */
export async function migrate(io: CliIo): Promise<void> {
  const all = [...platformMigrations, ...migrations];
  const ran = await recordMigrationsRun(all, () => withAppContext(io, async () => undefined));
  if (ran.length === 0) {
    io.out(`No pending migrations: the database schema is up to date (${all.length} applied).\n`);
    return;
  }
  io.out(`Ran ${plural(ran.length, 'migration')}:\n${ran.map((name) => `  ${name}\n`).join('')}`);
}

export function registerMigrateCommand(program: Command, io: CliIo): void {
  program
    .command('migrate')
    .description('run the pending database migrations and list the ones that ran')
    .action(() => migrate(io));
}
