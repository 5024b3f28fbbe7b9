// What the kind endpoints tell clients about the schema (routes-misc C.4, C.5): the source kinds, the edge types
// and which kinds are node kinds. Derived from the kind records, so a new kind shows up without touching this file.
import { BUILT_IN_KIND_RECORDS } from './kinds/built-in-kinds.js';
import type { KindRecord, KindSource } from './kinds/kind-record.js';

export interface SourceKind {
  id: number;
  name: string;
}

/**
 * The kinds that mark a node's source, with the ids of the reference's `source_kinds` table (seeded Base = 1,
 * AZBase = 2; a clear-database request names them by these ids). The catalogue knows no OpenGraph kinds, so
 * there are no others.
 */
export const SOURCE_KINDS: readonly SourceKind[] = [{ id: 1, name: 'Base' }, { id: 2, name: 'AZBase' }];

/** Appended to the source kinds: nodes without one (the reference's synthetic id 0). */
export const SOURCELESS: SourceKind = { id: 0, name: 'Sourceless' };

const TAG_PREFIX = 'Tag_';

/**
 * Whether a kind is a node kind for `GET /graphs/kinds?type=`: the catalogue says so, or it is a tag kind (`Tag_`,
 * possibly not registered since the application started). Any other kind counts as an edge kind, as the reference
 * counts every kind it cannot place.
 */
export function isNodeKindName(name: string, record: KindRecord | undefined): boolean {
  return record?.element === 'node' || name.startsWith(TAG_PREFIX);
}

/** An edge type of the built-in schema (`GET /graph-schema/edges`). */
export interface EdgeType {
  id: number;
  name: string;
  description: string;
  isTraversable: boolean;
  schemaName: string;
  isBuiltin: boolean;
}

/** The reference's names of the built-in schema extensions. */
const SCHEMA_NAMES: Readonly<Record<KindSource, string>> = { AD: 'ad', Azure: 'az', Common: 'common' };

/** Every built-in edge kind in registration order, numbered from 1. */
export const EDGE_TYPES: readonly EdgeType[] = BUILT_IN_KIND_RECORDS
  .filter((record) => record.element === 'edge')
  .map((record, i) => ({
    id: i + 1,
    name: record.name,
    description: '',
    isTraversable: record.traversable,
    schemaName: SCHEMA_NAMES[record.source],
    isBuiltin: true,
  }));
