import { type KindRecord, KnownKinds } from '../domain/kinds.js';

/**
 * The kind catalogue as modules see it: what a kind is (built in, or registered at run time by modules that name
 * kinds of their own: asset group tags, `Tag_<name>`) and its id. Kind ids live in PostgreSQL's `kind` table
 * whatever GRAPH_DRIVER is; kinds are never deleted.
 */
export abstract class KindCatalog {
  constructor(private readonly known: KnownKinds = new KnownKinds()) {}

  /** The kind's record; undefined for a kind neither built in nor registered since the application started. */
  find(name: string): KindRecord | undefined {
    return this.known.find(name);
  }

  /** Registers a kind that appears at run time, with its flags (again: no change; other flags: an error). */
  register(record: KindRecord): void {
    this.known.register(record);
  }

  /** The id of the named kind, creating the kind when it is missing (committed on its own). */
  abstract kindId(name: string): Promise<number>;

  /** The name of every kind the graph database has an id for (kinds are never deleted). */
  abstract names(): Promise<string[]>;
}
