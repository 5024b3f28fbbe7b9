import { Injectable } from '@nestjs/common';
import { ApiError, BodyReader, ErrorMessages } from '@app/platform';
import { CypherService } from '@app/graph';
import { canChange } from '../domain/access-rules.js';
import type { QueryCaller, SavedQuery, SavedQueryDraft } from '../domain/saved-query.js';
import { QueryArchiveReader, SavedQueryStore } from './ports.js';
import { SavedQueriesErrors } from './saved-queries-errors.js';

/** Most queries one import may hold (a JSON array or a zip's files). */
export const MAX_IMPORTED_QUERIES = 1000;

/** What an import reads: a JSON body already parsed (one query or an array), or a zip spooled to disk. */
export type ImportSource = { kind: 'json'; body: unknown } | { kind: 'zip'; path: string };

/** Writes of saved queries: create, update, delete, import. Every stored query's Cypher is checked first. */
@Injectable()
export class SavedQueryCommands {
  constructor(
    private readonly store: SavedQueryStore,
    private readonly cypher: CypherService,
    private readonly archives: QueryArchiveReader,
  ) {}

  async create(caller: QueryCaller, draft: SavedQueryDraft): Promise<SavedQuery> {
    this.check(draft);
    const [created] = await this.store.create(caller.userId, [draft]);
    return created;
  }

  /** Replaces the non-empty fields (an empty string leaves a field as it is, as in the reference). */
  async update(caller: QueryCaller, id: number, patch: Partial<SavedQueryDraft>): Promise<SavedQuery> {
    const query = await this.store.get(id);
    if (!query || !canChange(query, await this.store.sharing(id), caller)) {
      throw ApiError.notFound(SavedQueriesErrors.queryDoesNotExist);
    }
    const fields = Object.fromEntries(Object.entries(patch).filter(([, value]) => value)) as Partial<SavedQueryDraft>;
    refuseNul(fields);
    if (fields.query !== undefined) this.cypher.check(fields.query);
    const updated = await this.store.update(id, fields);
    if (!updated) throw ApiError.notFound(SavedQueriesErrors.queryDoesNotExist);
    return updated;
  }

  /** The owner deletes; an admin may delete a public query. */
  async delete(caller: QueryCaller, id: number): Promise<void> {
    const query = await this.store.get(id);
    if (!query) throw ApiError.notFound(SavedQueriesErrors.queryDoesNotExist);
    if (!canChange(query, await this.store.sharing(id), caller)) throw ApiError.forbidden(SavedQueriesErrors.deleteForbidden);
    if (!(await this.store.delete(id))) throw ApiError.notFound(SavedQueriesErrors.queryDoesNotExist);
  }

  /** Stores every query of the source for the caller, all or none: how many were imported. */
  async import(caller: QueryCaller, source: ImportSource): Promise<number> {
    const drafts = source.kind === 'json' ? readDrafts(source.body) : await this.readArchive(source.path);
    for (const draft of drafts) this.check(draft);
    if (drafts.length === 0) return 0;
    return (await this.store.create(caller.userId, drafts)).length;
  }

  private async readArchive(path: string): Promise<SavedQueryDraft[]> {
    const files = await this.archives.read(path);
    return files.map((file) => readDraft(parseJson(file.text)));
  }

  /** A query must have a name and Cypher the cypher endpoint would accept. */
  private check(draft: SavedQueryDraft): void {
    if (draft.name === '' || draft.query === '') throw ApiError.badRequest(SavedQueriesErrors.nameOrQueryEmpty);
    refuseNul(draft);
    this.cypher.check(draft.query);
  }
}

const unmarshal = (reason: string) => () => ApiError.badRequest(SavedQueriesErrors.unmarshalFile(reason));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw unmarshal(error instanceof Error ? error.message : String(error))();
  }
}

/** One query object, or an array of them (an empty array imports nothing). */
function readDrafts(body: unknown): SavedQueryDraft[] {
  if (!Array.isArray(body)) return [readDraft(body)];
  if (body.length > MAX_IMPORTED_QUERIES) throw ApiError.badRequest(SavedQueriesErrors.tooManyImported(MAX_IMPORTED_QUERIES));
  return body.map(readDraft);
}

/** PostgreSQL text cannot hold NUL. */
function refuseNul(fields: Partial<SavedQueryDraft>): void {
  if (Object.values(fields).some((value) => value?.includes('\u0000'))) throw ApiError.badRequest(ErrorMessages.nulCharacters);
}

/** A query file: `{"query", "name", "description"}`, every field a string when present. */
function readDraft(raw: unknown): SavedQueryDraft {
  // Keys without regard to case, as Go's decoder reads them.
  const body = BodyReader.of(raw, {
    foldCase: true,
    notObject: unmarshal('a query file must be a JSON object'),
    wrongType: (label, expected) => unmarshal(`${label} must be ${expected}`)(),
  });
  return { name: body.string('name') ?? '', query: body.string('query') ?? '', description: body.string('description') ?? '' };
}
