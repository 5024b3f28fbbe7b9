import { createServer } from 'node:net';

/** The service cannot listen on HOST:PORT; its message is the one line the operator reads. */
export class ListenError extends Error {}

/**
 * Binds HOST:PORT and lets go at once: a port in use stops the start before anything else happens (an embedded
 * cluster initialised, an administrator created). Throws a ListenError.
 */
export async function checkCanListen(port: number, host: string): Promise<void> {
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
  } catch (error) {
    throw new ListenError(describeListenFailure(error, port, host));
  }
  await new Promise((resolve) => server.close(resolve));
}

/** A failure to listen (this check's, or the server's own should the port be taken meanwhile) in one line. */
export function describeListenFailure(error: unknown, port: number, host: string): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  switch (code) {
    case 'EADDRINUSE':
      return `Cannot listen: port ${port} on ${host} is already in use (set PORT, or stop what uses it)`;
    case 'EACCES':
      return `Cannot listen: no permission to use port ${port} on ${host} (set PORT)`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen: ${host} is not an address of this machine (set HOST)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot listen: HOST ${host} does not resolve to an address`;
    default:
      return `Cannot listen on ${host}:${port}: ${message ?? String(error)}`;
  }
}
