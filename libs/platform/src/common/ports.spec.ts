import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { bindAndRelease, freePort } from './ports.js';

/** Listens on `port` of loopback (rejecting when it cannot); resolves to a function that closes the server. */
async function occupy(port: number): Promise<() => Promise<void>> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return () => new Promise((resolve) => server.close(() => resolve()));
}

describe('bindAndRelease', () => {
  it('lets go of a free port at once, so a server can take it', async () => {
    const port = await freePort();
    expect(await bindAndRelease(port, '127.0.0.1')).toBe(port);
    await (await occupy(port))();
  });

  it('rejects with the listen error when the port is taken', async () => {
    const port = await freePort();
    const release = await occupy(port);
    try {
      await expect(bindAndRelease(port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE', syscall: 'listen' });
    } finally {
      await release();
    }
  });
});

describe('freePort', () => {
  it('answers a loopback port nothing listens on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    await (await occupy(port))();
  });
});
