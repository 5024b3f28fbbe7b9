import type { Command } from 'commander';
import { MAX_USER_TEXT_LENGTH, UserCommands, userTextProblem, type UserTextField } from '@app/identity';
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

/** The flag that gives each user text field. */
const FLAGS: Readonly<Record<UserTextField, string>> = {
  principalName: '--principal', emailAddress: '--email', firstName: '--first-name', lastName: '--last-name',
};

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

/** The identity module's rules for a user's text (the API's too), asked before anything else, naming the flag. */
function checkFields(options: CreateUserOptions): void {
  const { principal: principalName, email: emailAddress, firstName, lastName } = options;
  const problem = userTextProblem({ principalName, emailAddress, firstName, lastName });
  if (problem === undefined) return;
  const flag = FLAGS[problem.field];
  if (problem.rule === 'empty') throw new CliError(`${flag} must not be empty`);
  if (problem.rule === 'tooLong') throw new CliError(`${flag} must be at most ${MAX_USER_TEXT_LENGTH} characters`);
  throw new CliError(`${flag} "${options.email}" is not an email address`);
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
