import { Module } from '@nestjs/common';
import { ConfigModule, DatabaseModule } from '@app/platform';
import { IdentityModule } from '@app/identity';
import { migrations } from '../../api/src/migrations.js';

/**
 * What the operator commands need: the API's configuration and database (same environment variables, same
 * migrations, run at start) and the identity module's use cases. No HTTP, no structured request log.
 */
@Module({
  imports: [ConfigModule, DatabaseModule.forRoot(migrations), IdentityModule],
})
export class CliModule {}
