import { createServer } from 'node:net';

/**
 * Binds HOST:PORT and lets go at once; resolves to the port bound (a free one when `port` is 0), rejects with the
 * listen error (EADDRINUSE, EACCES, ...). Tells whether a server could listen there, before anything else starts.
 */
export async function bindAndRelease(port: number, host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return bound;
}

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return bindAndRelease(0, '127.0.0.1');
}
