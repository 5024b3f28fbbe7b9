import type { MigrationClass } from '@app/platform';
import type { QueryRunner } from 'typeorm';

type Up = (queryRunner: QueryRunner) => Promise<void>;
type MigrationPrototype = { up: Up; name?: string };

/**
 * Runs `work` while noting the name of every migration whose `up` completes. The DataSource runs the pending
 * migrations inside its own start-up (migrationsRun) and keeps no list of them, so this is the one place the CLI
 * can learn which ran. The classes are restored afterwards.
 */
export async function recordMigrationsRun(classes: MigrationClass[], work: () => Promise<void>): Promise<string[]> {
  const ran: string[] = [];
  const originals = classes.map((cls) => {
    const prototype = cls.prototype as MigrationPrototype;
    return [prototype, prototype.up] as const;
  });
  for (const [prototype, up] of originals) {
    prototype.up = async function (this: MigrationPrototype, queryRunner: QueryRunner) {
      await up.call(this, queryRunner);
      ran.push(this.name ?? this.constructor.name);
    };
  }
  try {
    await work();
    return ran;
  } finally {
    for (const [prototype, up] of originals) prototype.up = up;
  }
}
