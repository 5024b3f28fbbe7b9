import { Module } from '@nestjs/common';
import { ConfigModule, DatabaseModule, SigningKeysModule } from '@app/platform';
import { IdentityModule } from '@app/identity';
import { IngestModule } from '@app/ingest';
import { AnalysisModule } from '@app/analysis';
import { CONFIG_SLICES } from '../../api/src/config-slices.js';
import { migrations } from '../../api/src/migrations.js';

/**
 * What the operator commands need: the API's configuration and database (same environment variables, same
 * migrations, run at start), the identity module's use cases, ingest and analysis. No HTTP, no structured request
 * log, no background datapipe ticks (the API server starts those).
 */
@Module({
  imports: [
    ConfigModule.forRoot(CONFIG_SLICES), SigningKeysModule, DatabaseModule.forRoot(migrations), IdentityModule,
    IngestModule, AnalysisModule,
  ],
})
export class CliModule {}
