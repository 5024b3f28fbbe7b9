import type { MigrationClass } from '@app/platform';
import { IdentitySchema1732240000100 } from '@app/identity';
import { AuthSchema1732240000200 } from '@app/auth';
import { GraphSchema1732240000300 } from '@app/graph';

/** Feature migrations in the order they must run (after the platform's own). */
export const migrations: MigrationClass[] = [IdentitySchema1732240000100, AuthSchema1732240000200, GraphSchema1732240000300];
