import { Module } from '@nestjs/common';
import { ConfigModule, DatabaseModule, HttpPlatformModule, LoggingModule, MetricsModule, SigningKeysModule } from '@app/platform';
import { AuthModule } from '@app/auth';
import { IdentityModule } from '@app/identity';
import { GraphModule } from '@app/graph';
import { AssetGroupsModule } from '@app/asset-groups';
import { PostureModule } from '@app/posture';
import { CollectionModule } from '@app/collection';
import { IngestModule } from '@app/ingest';
import { AnalysisModule } from '@app/analysis';
import { SavedQueriesModule } from '@app/saved-queries';
import { CONFIG_SLICES } from './config-slices.js';
import { HealthController } from './health.controller.js';
import { VersionController } from './version.controller.js';
import { migrations } from './migrations.js';

/** Wires the modules. HttpPlatformModule comes before AuthModule: the edition guard runs before authentication. */
@Module({
  imports: [ConfigModule.forRoot(CONFIG_SLICES), SigningKeysModule, LoggingModule, DatabaseModule.forRoot(migrations),
    MetricsModule, HttpPlatformModule, IdentityModule, AuthModule, GraphModule, AssetGroupsModule, PostureModule,
    CollectionModule, IngestModule, AnalysisModule, SavedQueriesModule],
  controllers: [HealthController, VersionController],
})
export class AppModule {}
