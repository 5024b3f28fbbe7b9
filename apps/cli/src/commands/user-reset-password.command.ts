import type { Command } from 'commander';
import { Permissions } from '@app/platform';
import type { Principal } from '@app/platform';
import { UserCommands, UserQueries } from '@app/identity';
import { withAppContext } from '../app-context.js';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { newPassword, passwordOptions, type PasswordOptions } from '../passwords.js';

export interface ResetPasswordOptions extends PasswordOptions {
  principal: string;
  expire: boolean;
}

/**
 * The operator at the console, as the identity module sees them: allowed to manage users, and no user, so the
 * self-service rule (give your current password) never applies. The nil UUID is never a user's id.
 */
const OPERATOR: Principal = {
  userId: '00000000-0000-0000-0000-000000000000',
  via: 'session',
  ssoProviderId: null,
  permissions: new Set([Permissions.AuthManageUsers]),
};

/** Sets a user's password through the identity module's own use case; expired unless --no-expire. */
export async function resetPassword(options: ResetPasswordOptions, io: CliIo): Promise<void> {
  const password = await newPassword(options, io);
  await withAppContext(io, async (app) => {
    const userId = await app.get(UserQueries).idOfPrincipal(options.principal);
    if (!userId) throw new CliError(`no user with principal name "${options.principal}"`);
    await app.get(UserCommands).setSecret(OPERATOR, userId, { secret: password.value, needsPasswordReset: options.expire });
    const reset = options.expire ? '; it must be changed at the next login' : '';
    io.out(`Set a new password for ${options.principal}${reset}.\n`);
    if (password.generated) io.out(`Generated password (shown only this once): ${password.value}\n`);
  });
}

export function registerUserResetPasswordCommand(user: Command, io: CliIo): void {
  const command = user
    .command('reset-password')
    .description("set a user's password (expired unless --no-expire)")
    .requiredOption('--principal <name>', 'login name');
  for (const option of passwordOptions()) command.addOption(option);
  command
    .option('--no-expire', 'do not require a change at the next login')
    .action((options: ResetPasswordOptions) => resetPassword(options, io));
}
