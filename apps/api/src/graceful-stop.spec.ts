import { describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { GracefulStop, type StopEffects } from './graceful-stop.js';

/** A deferred promise: settled by the test. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise run its continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A GracefulStop whose app, clock, database and exit are fakes recording what happens, in order. */
function harness() {
  const events: string[] = [];
  let time = 0;
  const closing = deferred();
  let databaseStopped = Promise.resolve();
  const effects: StopEffects = {
    say: (line) => events.push(`stdout: ${line}`),
    complain: (line) => events.push(`stderr: ${line}`),
    now: () => time,
    stopDatabase: async () => {
      events.push('database stopping');
      await databaseStopped;
    },
    exit: (code) => void events.push(`exit ${code}`),
  };
  const app = {
    close: () => {
      events.push('app closing');
      return closing.promise;
    },
    getHttpServer: () => ({ closeAllConnections: () => events.push('connections cut') }),
  } as unknown as INestApplication;
  return {
    events, app, closing, effects,
    stop: new GracefulStop(effects),
    at: (ms: number) => void (time = ms),
    databaseHangs: () => void (databaseStopped = new Promise(() => undefined)),
  };
}

describe('GracefulStop', () => {
  it('closes the app on a signal, says so in one line and exits 0', async () => {
    const { stop, app, events, closing, at } = harness();
    stop.serving(app);
    stop.requested('SIGTERM');
    at(250);
    closing.resolve();
    await settle();
    expect(events).toEqual(['app closing', 'stdout: Pathwarden stopped on SIGTERM after 250 ms', 'exit 0']);
  });

  it('stops a service that got the signal during start-up as soon as it is up', async () => {
    const { stop, app, events, closing } = harness();
    stop.requested('SIGINT');
    await settle();
    expect(events).toEqual([]);
    stop.serving(app);
    closing.resolve();
    await settle();
    expect(events).toEqual(['app closing', 'stdout: Pathwarden stopped on SIGINT after 0 ms', 'exit 0']);
  });

  it('ignores the same signal again within a second: npm forwards the Ctrl-C node got too', async () => {
    const { stop, app, events, at } = harness();
    stop.serving(app);
    stop.requested('SIGINT');
    at(999);
    stop.requested('SIGINT');
    await settle();
    expect(events).toEqual(['app closing']);
  });

  it('forces the stop on a signal more than a second later: connections cut, the embedded PostgreSQL stopped, exit 1', async () => {
    const { stop, app, events, at } = harness();
    stop.serving(app);
    stop.requested('SIGINT');
    at(3000);
    stop.requested('SIGINT');
    await settle();
    expect(events).toEqual([
      'app closing',
      'stderr: Pathwarden forced to stop by SIGINT 3000 ms into stopping: connections cut, exit code 1',
      'connections cut',
      'database stopping',
      'exit 1',
    ]);
  });

  it('forces a stop requested during start-up too: the embedded PostgreSQL stopped, exit 1', async () => {
    const { stop, events, at } = harness();
    stop.requested('SIGTERM');
    at(1500);
    stop.requested('SIGTERM');
    await settle();
    expect(events).toEqual([
      'stderr: Pathwarden forced to stop by SIGTERM 1500 ms into stopping: connections cut, exit code 1',
      'database stopping',
      'exit 1',
    ]);
  });

  it('exits at once on a third signal while the forced stop waits for the database', async () => {
    const { stop, app, events, at, databaseHangs } = harness();
    databaseHangs();
    stop.serving(app);
    stop.requested('SIGINT');
    at(2000);
    stop.requested('SIGINT');
    at(2500);
    stop.requested('SIGINT'); // npm's copy of the second
    await settle();
    expect(events.at(-1)).toBe('database stopping');
    at(4000);
    stop.requested('SIGINT');
    expect(events.at(-1)).toBe('exit 1');
  });

  it('still stops the embedded PostgreSQL when closing the app fails (Nest skips the hooks after a failing one), exit 1', async () => {
    const { stop, app, events, closing } = harness();
    stop.serving(app);
    stop.requested('SIGINT');
    closing.reject(new Error('a shutdown hook failed'));
    await settle();
    expect(events).toEqual([
      'app closing',
      'stderr: Pathwarden did not stop cleanly on SIGINT: a shutdown hook failed',
      'database stopping',
      'exit 1',
    ]);
  });

  it('listens for SIGINT, SIGTERM and SIGHUP (a closing terminal)', async () => {
    const { effects, app, events, closing } = harness();
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const before = signals.map((signal) => process.listeners(signal));
    const stop = new GracefulStop(effects).listen();
    const added = signals.map((signal, i) => process.listeners(signal).filter((listener) => !before[i].includes(listener)));
    try {
      expect(added.map((listeners) => listeners.length)).toEqual([1, 1, 1]);
      stop.serving(app);
      added[2][0]('SIGHUP');
      closing.resolve();
      await settle();
      expect(events).toEqual(['app closing', 'stdout: Pathwarden stopped on SIGHUP after 0 ms', 'exit 0']);
    } finally {
      signals.forEach((signal, i) => added[i].forEach((listener) => process.removeListener(signal, listener)));
    }
  });
});
