import { bindAndRelease } from '@app/platform';

/** The service cannot listen on HOST:PORT; its message is the one line the operator reads. */
export class ListenError extends Error {}

/** The variables that set where a server listens, named in the message when it cannot. */
export interface ListenSettingNames {
  port: string;
  host: string;
}
export const API_LISTEN: ListenSettingNames = { port: 'PORT', host: 'HOST' };
export const METRICS_LISTEN: ListenSettingNames = { port: 'METRICS_PORT', host: 'METRICS_HOST' };

/**
 * Binds HOST:PORT and lets go at once: a port in use stops the start before anything else happens (an embedded
 * cluster initialised, an administrator created). Throws a ListenError naming the variables to change.
 */
export async function checkCanListen(port: number, host: string, names: ListenSettingNames = API_LISTEN): Promise<void> {
  try {
    await bindAndRelease(port, host);
  } catch (error) {
    throw new ListenError(describeListenFailure(error, port, host, names));
  }
}

/** A failure to listen (this check's, or the server's own should the port be taken meanwhile) in one line. */
export function describeListenFailure(error: unknown, port: number, host: string, names: ListenSettingNames = API_LISTEN): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  switch (code) {
    case 'EADDRINUSE':
      return `Cannot listen: port ${port} on ${host} is already in use (set ${names.port}, or stop what uses it)`;
    case 'EACCES':
      return `Cannot listen: no permission to use port ${port} on ${host} (set ${names.port})`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen: ${host} is not an address of this machine (set ${names.host})`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot listen: ${names.host} ${host} does not resolve to an address`;
    default:
      return `Cannot listen on ${host}:${port}: ${message ?? String(error)}`;
  }
}
