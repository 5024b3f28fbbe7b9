import type { DataSourceOptions, MixedList } from 'typeorm';

/** A migration class, registered explicitly (never globs) so the same list works under tsc output and Jest. */
export type MigrationClass = new () => object;

/** DataSource options shared by the API, the CLI and the tests: explicit migrations at start, never synchronize. */
export function dataSourceOptions(url: string, migrations: MigrationClass[], entities: MixedList<Function> = []): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    // 'error' would print failed queries with their parameters (digests, encrypted keys): never log those.
    logging: ['migration'],
    extra: { max: 10, application_name: 'pathwarden' },
  };
}
