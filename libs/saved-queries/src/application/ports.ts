import type { ListQuery } from '@app/platform';
import type {
  QueryPermission, QuerySharing, SavedQuery, SavedQueryDraft, SavedQueryScope, ScopedSavedQuery,
} from '../domain/saved-query.js';

/** Saved queries and their permission rows in storage. Name clashes are the 400 `duplicateName`. */
export abstract class SavedQueryStore {
  /** One page (SAVED_QUERY_LIST) of the queries in `scope` for the user, and their total. */
  abstract list(userId: string, scope: SavedQueryScope, query: ListQuery): Promise<{ items: ScopedSavedQuery[]; count: number }>;
  /** Every query in `scope` for the user, by id (exports). */
  abstract all(userId: string, scope: SavedQueryScope): Promise<SavedQuery[]>;
  abstract get(id: number): Promise<SavedQuery | null>;
  /** Who may read the query besides its owner. */
  abstract sharing(id: number): Promise<QuerySharing>;
  /** Stores the drafts for the user in one transaction: all or (on a clash) none. */
  abstract create(userId: string, drafts: readonly SavedQueryDraft[]): Promise<SavedQuery[]>;
  /** Replaces the given fields; null when the query is gone. */
  abstract update(id: number, fields: Partial<SavedQueryDraft>): Promise<SavedQuery | null>;
  /** False when there was nothing to delete. */
  abstract delete(id: number): Promise<boolean>;
  /** Makes the query public, dropping its user shares (one transaction): the public row. */
  abstract makePublic(id: number): Promise<QueryPermission>;
  /** Shares the query to the users (existing shares stay): their rows. */
  abstract shareTo(id: number, userIds: readonly string[]): Promise<QueryPermission[]>;
  /** Removes the shares to these users, or every permission row (public included) when `userIds` is null. */
  abstract unshare(id: number, userIds: readonly string[] | null): Promise<void>;
}

/** A JSON file of an imported zip. */
export interface ArchiveFile {
  name: string;
  text: string;
}

/** Reads the JSON files of an uploaded zip, held to the import's limits (400 `error during zip validation: ...`). */
export abstract class QueryArchiveReader {
  abstract read(path: string): Promise<ArchiveFile[]>;
}

/** Writes a zip of the given files. */
export abstract class QueryArchiveWriter {
  abstract write(files: readonly ArchiveFile[]): Promise<Buffer>;
}
