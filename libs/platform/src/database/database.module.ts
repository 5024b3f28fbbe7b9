import { DynamicModule, Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { initializeWithRetry } from './connect-with-retry.js';
import { dataSourceOptions, MigrationClass } from './data-source-options.js';
import { Database } from './database.js';
import { EmbeddedPostgresHandle, startEmbeddedPostgres } from './embedded-postgres.js';
import { RequiredExtensions1732240000000 } from './migrations/1732240000000-required-extensions.js';

export const EMBEDDED_POSTGRES = Symbol('EMBEDDED_POSTGRES');

/** The platform's own migrations; feature modules' migrations follow them. */
export const platformMigrations: MigrationClass[] = [RequiredExtensions1732240000000];

@Module({
  providers: [
    {
      provide: EMBEDDED_POSTGRES,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Promise<EmbeddedPostgresHandle | null> | null => {
        if (!config.embedded) return null;
        const logger = new Logger('EmbeddedPostgres');
        return startEmbeddedPostgres(config.dataDir, (message) => logger.log(message));
      },
    },
  ],
  exports: [EMBEDDED_POSTGRES],
})
class EmbeddedPostgresModule {}

/** Stops the embedded PostgreSQL after the DataSource is closed (else pg logs "terminating connection"). */
@Injectable()
class EmbeddedPostgresLifecycle implements OnApplicationShutdown {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EMBEDDED_POSTGRES) private readonly embedded: EmbeddedPostgresHandle | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.embedded?.stop();
  }
}

/** One TypeORM DataSource: DATABASE_URL when set, else an embedded PostgreSQL under DATA_DIR. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(migrations: MigrationClass[]): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        EmbeddedPostgresModule,
        TypeOrmModule.forRootAsync({
          imports: [EmbeddedPostgresModule],
          inject: [AppConfig, EMBEDDED_POSTGRES],
          useFactory: (config: AppConfig, embedded: EmbeddedPostgresHandle | null) => ({
            ...dataSourceOptions(config.databaseUrl ?? embedded!.url, [...platformMigrations, ...migrations]),
            autoLoadEntities: true,
            // initializeWithRetry below retries; the module's own retry would log a stack trace per attempt.
            toRetry: () => false,
          }),
          // Retry only while the server is unreachable or starting; a bad URL or a failed migration fails at once.
          dataSourceFactory: (options) => initializeWithRetry(options!, {
            attempts: 5, delayMs: 1000, warn: (line) => new Logger('Database').warn(line),
          }),
        }),
      ],
      providers: [Database, EmbeddedPostgresLifecycle],
      // EMBEDDED_POSTGRES too: whether this start created the embedded cluster decides the sample data default.
      exports: [Database, EmbeddedPostgresModule],
    };
  }
}
export type { EmbeddedPostgresHandle } from './embedded-postgres.js';
export { EmbeddedPostgresError, stopStartedPostgres } from './embedded-postgres.js';
