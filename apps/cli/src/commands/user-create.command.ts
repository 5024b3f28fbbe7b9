import type { Command } from 'commander';
import { isEmail } from 'class-validator';
import { UserCommands } from '@app/identity';
import { withAppContext } from '../app-context.js';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { newPassword, passwordOptions, type PasswordOptions } from '../passwords.js';
import { resolveRoleId } from '../roles.js';

export interface CreateUserOptions extends PasswordOptions {
  principal: string;
  role: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  needsPasswordReset?: boolean;
}

/** The API's limit on every user text field (CreateUserDto). */
const MAX_LENGTH = 1000;

/** Creates a user through the identity module's own use case, and prints its id (and a generated password, once). */
export async function createUser(options: CreateUserOptions, io: CliIo): Promise<void> {
  checkFields(options);
  const roleId = resolveRoleId(options.role);
  const password = await newPassword(options, io);
  await withAppContext(io, async (app) => {
    const user = await app.get(UserCommands).create({
      principalName: options.principal,
      firstName: options.firstName ?? null,
      lastName: options.lastName ?? null,
      emailAddress: options.email ?? null,
      roleIds: [roleId],
      secret: password.value,
      needsPasswordReset: options.needsPasswordReset ?? false,
    });
    const role = user.roles.map((r) => r.name).join(', ');
    const reset = options.needsPasswordReset ? '; the password must be changed at first login' : '';
    io.out(`Created user ${user.principalName} with role ${role}${reset}.\n`);
    io.out(`User id: ${user.id}\n`);
    if (password.generated) io.out(`Generated password (shown only this once): ${password.value}\n`);
  });
}

/** The checks the HTTP API's DTO makes on the same fields. */
function checkFields(options: CreateUserOptions): void {
  if (options.principal.trim() === '') throw new CliError('--principal must not be empty');
  const fields = { '--principal': options.principal, '--email': options.email, '--first-name': options.firstName,
    '--last-name': options.lastName };
  for (const [flag, value] of Object.entries(fields)) {
    if (value !== undefined && value.length > MAX_LENGTH) {
      throw new CliError(`${flag} must be at most ${MAX_LENGTH} characters`);
    }
  }
  if (options.email !== undefined && !isEmail(options.email)) throw new CliError(`--email "${options.email}" is not an email address`);
}

export function registerUserCreateCommand(user: Command, io: CliIo): void {
  const command = user
    .command('create')
    .description('create a user with a password')
    .requiredOption('--principal <name>', 'login name')
    .requiredOption('--role <role>', 'role name (e.g. Administrator, "Read-Only") or role id')
    .option('--email <address>', 'email address')
    .option('--first-name <name>', 'first name')
    .option('--last-name <name>', 'last name');
  for (const option of passwordOptions()) command.addOption(option);
  command
    .option('--needs-password-reset', 'expire the password: it must be changed at first login')
    .action((options: CreateUserOptions) => createUser(options, io));
}
