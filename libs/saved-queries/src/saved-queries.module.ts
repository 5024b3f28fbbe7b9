import { Module } from '@nestjs/common';
import { GraphModule } from '@app/graph';
import { IdentityModule } from '@app/identity';
import { QueryArchiveReader, QueryArchiveWriter, SavedQueryStore } from './application/ports.js';
import { QuerySharingCommands } from './application/query-sharing-commands.js';
import { SavedQueryCommands } from './application/saved-query-commands.js';
import { SavedQueryQueries } from './application/saved-query-queries.js';
import { SavedQueriesController } from './http/saved-queries.controller.js';
import { SavedQueryPermissionsController } from './http/saved-query-permissions.controller.js';
import { PgSavedQueryStore } from './infrastructure/pg-saved-query.store.js';
import { YauzlQueryArchiveReader } from './infrastructure/yauzl-query-archive.reader.js';
import { YazlQueryArchiveWriter } from './infrastructure/yazl-query-archive.writer.js';

/** Users' saved Cypher queries, their sharing, import and export. Cypher is checked by the graph's CypherService. */
@Module({
  imports: [GraphModule, IdentityModule],
  controllers: [SavedQueriesController, SavedQueryPermissionsController],
  providers: [
    { provide: SavedQueryStore, useClass: PgSavedQueryStore },
    { provide: QueryArchiveReader, useClass: YauzlQueryArchiveReader },
    { provide: QueryArchiveWriter, useClass: YazlQueryArchiveWriter },
    SavedQueryQueries,
    SavedQueryCommands,
    QuerySharingCommands,
  ],
})
export class SavedQueriesModule {}
