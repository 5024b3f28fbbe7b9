import { ROLE_SEEDS } from '@app/identity';
import { CliError } from './cli-error.js';

/**
 * The role id an operator means by `--role`: an id as is (the identity module checks it exists), or the name of a
 * built-in role, matched case-insensitively (roles are fixed: the API cannot create them).
 */
export function resolveRoleId(role: string): number {
  if (/^\d+$/.test(role)) return Number(role);
  const seed = ROLE_SEEDS.find((r) => r.name.toLowerCase() === role.trim().toLowerCase());
  if (!seed) {
    throw new CliError(`unknown role "${role}": use a role id or one of ${ROLE_SEEDS.map((r) => r.name).join(', ')}`);
  }
  return seed.id;
}
