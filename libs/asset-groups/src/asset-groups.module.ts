import { Module } from '@nestjs/common';
import { GraphModule } from '@app/graph';
import { IdentityModule } from '@app/identity';
import { TagStore } from './application/ports.js';
import { PgTagStore } from './infrastructure/pg-tag.store.js';

/**
 * Asset group tags (zones and labels), their selectors and materialised membership, certification of members,
 * and the legacy asset groups (views of the seeded tags). Exports what analysis calls after every run.
 */
@Module({
  imports: [GraphModule, IdentityModule],
  controllers: [],
  providers: [
    { provide: TagStore, useClass: PgTagStore },
  ],
  exports: [],
})
export class AssetGroupsModule {}
