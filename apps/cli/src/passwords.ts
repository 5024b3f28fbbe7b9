import { Option } from 'commander';
import { generatePassword } from '@app/identity';
import { CliError } from './cli-error.js';
import type { CliIo } from './cli-io.js';

export interface PasswordOptions {
  passwordStdin?: boolean;
  generatePassword?: boolean;
}

/** A new password, and whether the CLI made it up (then it is printed, once). */
export interface NewPassword {
  value: string;
  generated: boolean;
}

/** The two ways to give a password; never as an argument, where it would land in the shell history and `ps`. */
export function passwordOptions(): Option[] {
  return [
    new Option('--password-stdin', 'read the password from standard input').conflicts('generatePassword'),
    new Option('--generate-password', 'generate a strong password and print it once'),
  ];
}

/** The password the options ask for: read from stdin (one trailing newline dropped) or generated. */
export async function newPassword(options: PasswordOptions, io: CliIo): Promise<NewPassword> {
  if (options.generatePassword) return { value: generatePassword(), generated: true };
  if (!options.passwordStdin) throw new CliError('give the password with --password-stdin, or use --generate-password');
  const value = (await io.readStdin()).replace(/\r?\n$/, '');
  if (value === '') throw new CliError('no password on standard input');
  return { value, generated: false };
}
