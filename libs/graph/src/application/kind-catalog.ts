/**
 * Kind ids for modules that name kinds of their own (asset group tags: `Tag_<name>`). Kind ids live in
 * PostgreSQL's `kind` table whatever GRAPH_DRIVER is; kinds are never deleted.
 */
export abstract class KindCatalog {
  /** The id of the named kind, creating the kind when it is missing (committed on its own). */
  abstract kindId(name: string): Promise<number>;
}
