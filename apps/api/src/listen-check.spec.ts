import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { checkCanListen, describeListenFailure, ListenError } from './listen-check.js';

describe('checkCanListen', () => {
  it('lets go of a free port at once, so the server can take it', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));

    await checkCanListen(port, '127.0.0.1');
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses a port in use with the one line the operator reads', async () => {
    const occupant = createServer();
    await new Promise<void>((resolve) => occupant.listen(0, '127.0.0.1', resolve));
    const { port } = occupant.address() as { port: number };
    try {
      const failure = await checkCanListen(port, '127.0.0.1').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ListenError);
      expect((failure as Error).message).toBe(`Cannot listen: port ${port} on 127.0.0.1 is already in use (set PORT, or stop what uses it)`);
    } finally {
      await new Promise((resolve) => occupant.close(resolve));
    }
  });
});

describe('describeListenFailure', () => {
  const failure = (code: string) => describeListenFailure(Object.assign(new Error(`listen ${code}`), { code }), 80, 'api.example.com');

  it('names what to change for each reason a listen fails', () => {
    expect(failure('EACCES')).toBe('Cannot listen: no permission to use port 80 on api.example.com (set PORT)');
    expect(failure('EADDRNOTAVAIL')).toBe('Cannot listen: api.example.com is not an address of this machine (set HOST)');
    expect(failure('ENOTFOUND')).toBe('Cannot listen: HOST api.example.com does not resolve to an address');
    expect(failure('EPERM')).toBe('Cannot listen on api.example.com:80: listen EPERM');
  });
});
