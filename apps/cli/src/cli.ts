import { Command, CommanderError } from 'commander';
import { describeFailure } from './cli-error.js';
import { processIo, type CliIo } from './cli-io.js';
import { registerAnalyzeCommand } from './commands/analyze.command.js';
import { registerBackupCommands } from './commands/backup.command.js';
import { registerIngestCommand } from './commands/ingest.command.js';
import { registerMigrateCommand } from './commands/migrate.command.js';
import { registerUserCreateCommand } from './commands/user-create.command.js';
import { registerUserResetPasswordCommand } from './commands/user-reset-password.command.js';
import { pathwardenVersion } from './version.js';

const ENVIRONMENT = `
Environment (the same as the API's):
  DATABASE_URL          PostgreSQL to use; unset: the embedded PostgreSQL under DATA_DIR
  DATA_DIR              data folder of the embedded PostgreSQL and generated secrets (default ./.data)
JWT_SECRET and SECRETS_KEY are not needed: no command signs sessions or encrypts keys.`;

/** The operator commands. Output goes through `io`; commander's own errors and help too. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('pathwarden')
    .description('Pathwarden operator commands')
    .usage('<command> [options]')
    .version(pathwardenVersion(), '-V, --version', 'print the version and exit')
    // Inherited by the subcommands: errors come back to runCli as exceptions, never as process.exit().
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', ENVIRONMENT);
  registerMigrateCommand(program, io);
  registerIngestCommand(program, io);
  registerAnalyzeCommand(program, io);
  registerBackupCommands(program, io);
  const user = program.command('user').description('manage users').usage('<command> [options]');
  registerUserCreateCommand(user, io);
  registerUserResetPasswordCommand(user, io);
  return program;
}

/** Runs one command line (without the node and script arguments); resolves to the process exit code. */
export async function runCli(args: string[], io: CliIo = processIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync(args, { from: 'user' });
    return 0;
  } catch (error) {
    // Commander has already printed its message (or the help it was asked for).
    if (error instanceof CommanderError) return error.exitCode;
    io.err(describeFailure(error).map((line) => `${line}\n`).join(''));
    return 1;
  }
}
