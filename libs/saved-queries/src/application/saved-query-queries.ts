import { Injectable } from '@nestjs/common';
import { ApiError, ErrorMessages, type ListQuery } from '@app/platform';
import { canRead } from '../domain/access-rules.js';
import type { QueryCaller, SavedQuery, SavedQueryScope, ScopedSavedQuery } from '../domain/saved-query.js';
import { transferText, uniqueFileNames } from '../domain/transfer.js';
import { QueryArchiveWriter, SavedQueryStore } from './ports.js';
import { SavedQueriesErrors } from './saved-queries-errors.js';

/** A file to hand out: its name and bytes. */
export interface ExportedFile {
  fileName: string;
  bytes: Buffer;
}

/** Reads and exports of saved queries, as the caller may see them. */
@Injectable()
export class SavedQueryQueries {
  constructor(private readonly store: SavedQueryStore, private readonly archives: QueryArchiveWriter) {}

  list(caller: QueryCaller, scope: SavedQueryScope, query: ListQuery): Promise<{ items: ScopedSavedQuery[]; count: number }> {
    return this.store.list(caller.userId, scope, query);
  }

  /** 404 `query not found` for a missing query and for one the caller may not read alike. */
  async get(caller: QueryCaller, id: number): Promise<SavedQuery> {
    const query = await this.store.get(id);
    if (!query || !canRead(query, await this.store.sharing(id), caller)) throw ApiError.notFound(SavedQueriesErrors.queryNotFound);
    return query;
  }

  /** One query as its JSON file, named after it. */
  async exportOne(caller: QueryCaller, id: number): Promise<ExportedFile> {
    const query = await this.store.get(id);
    if (!query) throw ApiError.notFound(ErrorMessages.resourceNotFound);
    if (!canRead(query, await this.store.sharing(id), caller)) throw ApiError.notFound(SavedQueriesErrors.queryDoesNotExist);
    const [fileName] = uniqueFileNames([query.name]);
    return { fileName, bytes: Buffer.from(transferText(query)) };
  }

  /** Every query in the scope as a zip of JSON files (an empty zip when there is none). */
  async exportAll(caller: QueryCaller, scope: SavedQueryScope): Promise<ExportedFile> {
    const queries = await this.store.all(caller.userId, scope);
    const names = uniqueFileNames(queries.map((query) => query.name));
    const bytes = await this.archives.write(queries.map((query, i) => ({ name: names[i], text: transferText(query) })));
    return { fileName: 'exported_queries.zip', bytes };
  }
}
