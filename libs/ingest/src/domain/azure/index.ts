import type { Converted } from '../converted.js';

/**
 * Converts one AzureHound record (`{kind, data}`, an item of `data` in a `meta.type = azure` file) into nodes and
 * edges. Unknown kinds convert to nothing (skipped, as the reference does). Throws ObjectError for a record that
 * is not `{kind: string, data: object}`.
 */
export function convertAzure(record: unknown): Converted {
  void record;
  throw new Error('convertAzure: not implemented yet');
}
