import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { freePort } from '@app/platform';
import { checkCanListen, describeListenFailure, ListenError, METRICS_LISTEN } from './listen-check.js';

/** Runs `check` while something listens on a loopback port; `check` gets the port. */
async function whileTaken(check: (port: number) => Promise<void>): Promise<void> {
  const occupant = createServer();
  await new Promise<void>((resolve) => occupant.listen(0, '127.0.0.1', resolve));
  try {
    await check((occupant.address() as { port: number }).port);
  } finally {
    await new Promise((resolve) => occupant.close(resolve));
  }
}

describe('checkCanListen', () => {
  it('lets go of a free port at once, so the server can take it', async () => {
    const port = await freePort();
    await checkCanListen(port, '127.0.0.1');
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses a port in use with the one line the operator reads', async () => {
    await whileTaken(async (port) => {
      const failure = await checkCanListen(port, '127.0.0.1').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ListenError);
      expect((failure as Error).message).toBe(`Cannot listen: port ${port} on 127.0.0.1 is already in use (set PORT, or stop what uses it)`);
    });
  });

  it('names METRICS_PORT when the metrics port is the one in use', async () => {
    await whileTaken(async (port) => {
      const failure = await checkCanListen(port, '127.0.0.1', METRICS_LISTEN).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ListenError);
      expect((failure as Error).message)
        .toBe(`Cannot listen: port ${port} on 127.0.0.1 is already in use (set METRICS_PORT, or stop what uses it)`);
    });
  });
});

describe('describeListenFailure', () => {
  const failure = (code: string, names?: typeof METRICS_LISTEN) =>
    describeListenFailure(Object.assign(new Error(`listen ${code}`), { code }), 80, 'api.example.com', names);

  it('names what to change for each reason a listen fails', () => {
    expect(failure('EACCES')).toBe('Cannot listen: no permission to use port 80 on api.example.com (set PORT)');
    expect(failure('EADDRNOTAVAIL')).toBe('Cannot listen: api.example.com is not an address of this machine (set HOST)');
    expect(failure('ENOTFOUND')).toBe('Cannot listen: HOST api.example.com does not resolve to an address');
    expect(failure('EPERM')).toBe('Cannot listen on api.example.com:80: listen EPERM');
  });

  it('names the metrics variables for the metrics server', () => {
    expect(failure('EACCES', METRICS_LISTEN)).toBe('Cannot listen: no permission to use port 80 on api.example.com (set METRICS_PORT)');
    expect(failure('EADDRNOTAVAIL', METRICS_LISTEN)).toBe('Cannot listen: api.example.com is not an address of this machine (set METRICS_HOST)');
    expect(failure('ENOTFOUND', METRICS_LISTEN)).toBe('Cannot listen: METRICS_HOST api.example.com does not resolve to an address');
  });
});
