import { finished } from 'node:stream/promises';
import copyStreams from 'pg-copy-streams';
import type { PoolClient } from 'pg';

/**
 * Streams `COPY ... TO STDOUT` on `client` chunk by chunk into `onChunk`, yielding to the event loop after each
 * chunk so a long copy never holds it. When `onChunk` throws, the server's COPY is stopped with `cancel` and the
 * rest of the stream drained, so the connection answers the rollback that follows.
 */
export async function copyOut(
  client: PoolClient,
  text: string,
  onChunk: (chunk: Buffer) => void,
  cancel: () => Promise<void>,
): Promise<void> {
  const stream = client.query(copyStreams.to(text));
  const done = finished(stream);
  done.catch(() => undefined);
  try {
    // Not destroyed when the loop is left early: a destroyed copy stream stops reading the connection mid-COPY.
    for await (const chunk of stream.iterator({ destroyOnReturn: false })) {
      onChunk(chunk as Buffer);
      await new Promise(setImmediate);
    }
  } catch (error) {
    if (!stream.readableEnded && !stream.errored) {
      await cancel();
      stream.resume();
      await done.catch(() => undefined);
    }
    throw error;
  }
}
