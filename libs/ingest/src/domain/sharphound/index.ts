import type { SharpHoundType } from '../collector-types.js';
import type { Converted } from '../converted.js';

/**
 * Converts one SharpHound object (an item of `data`) of the given file type and schema version (5 or 6) into
 * nodes and edges by the rules of ingest-reference §2-§3. Throws ObjectError for an object it cannot read.
 */
export function convertSharpHound(type: SharpHoundType, version: number, object: unknown): Converted {
  void type; void version; void object;
  throw new Error('convertSharpHound: not implemented yet');
}
