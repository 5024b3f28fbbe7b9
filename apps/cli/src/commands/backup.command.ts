import type { Command } from 'commander';
import { resolve } from 'node:path';
import { backupDatabase, BackupError, Database, restoreDatabase, type BackupManifest } from '@app/platform';
import { withAppContext } from '../app-context.js';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { plural } from '../plural.js';

/**
 * `backup <folder>`: every table of the service's database (DATABASE_URL, or the embedded one) into a new folder,
 * from one consistent snapshot; the service may keep running. `restore <folder> --yes`: the database's rows replaced
 * by the backup's, in one transaction; stop the service first (README "Backup and restore").
 */
export async function backup(io: CliIo, folder: string): Promise<void> {
  const manifest = await asCliError(() => withAppContext(io, (app) => backupDatabase(app.get(Database).dataSource, resolve(folder), new Date())));
  io.out(`Backed up ${describe(manifest)} into ${resolve(folder)}.\n`);
}

export async function restore(io: CliIo, folder: string, options: { yes?: boolean }): Promise<void> {
  if (!options.yes) throw new CliError('restore replaces every row of the database with the backup\'s: pass --yes to go on');
  const manifest = await asCliError(() => withAppContext(io, (app) => restoreDatabase(app.get(Database).dataSource, resolve(folder))));
  io.out(`Restored ${describe(manifest)} from ${resolve(folder)} (taken ${manifest.createdAt}).\n`);
}

function describe(manifest: BackupManifest): string {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  return `${plural(manifest.tables.length, 'table')} (${plural(rows, 'row')})`;
}

async function asCliError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  }
}

export function registerBackupCommands(program: Command, io: CliIo): void {
  program
    .command('backup')
    .description('back up the whole database (graph, users, jobs, settings) into a new folder, from one consistent snapshot')
    .argument('<folder>', 'a folder that does not exist yet or is empty')
    .action((folder: string) => backup(io, folder));
  program
    .command('restore')
    .description('replace every row of the database with a backup taken by the same Pathwarden version (stop the service first)')
    .argument('<folder>', 'a folder written by backup')
    .option('--yes', 'confirm that the database\'s current rows are replaced')
    .action((folder: string, options: { yes?: boolean }) => restore(io, folder, options));
}
