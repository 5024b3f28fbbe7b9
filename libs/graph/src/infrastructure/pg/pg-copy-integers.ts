import type { EntityManager } from 'typeorm';
import { copyOut } from '../memory/copy-out.js';
import { CopyTextParser } from '../memory/copy-text-parser.js';
import { transactionClient } from './pg-copy.js';

/**
 * Streams `copy` (a `COPY (SELECT <integer columns>) TO STDOUT`) in the transaction `manager` runs in, handing each
 * row's fields to `row` as they arrive: no result set, no string per row, whatever the row count. `row` gets one
 * reused buffer. Should `row` throw, the rest of the COPY is drained (the caller's transaction then rolls back).
 */
export async function copyIntegerRows(
  manager: EntityManager, copy: string, row: (fields: Float64Array) => void,
): Promise<void> {
  const client = await transactionClient(manager);
  const parser = new CopyTextParser({ row });
  await copyOut(client, copy, (chunk) => parser.push(chunk), async () => undefined);
  parser.end();
}
