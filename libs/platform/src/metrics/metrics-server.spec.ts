import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config/app-config.js';
import { ConfigError } from '../config/config-error.js';
import { Metrics } from './metrics.js';
import { MetricsServer } from './metrics-server.js';

const serverFor = (env: Record<string, string>) => {
  const metrics = new Metrics();
  metrics.counter('pathwarden_things_total', 'Things').inc(3);
  return new MetricsServer(loadConfig(env), metrics);
};

describe('MetricsServer', () => {
  const started: MetricsServer[] = [];
  const blockers: Server[] = [];
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.onApplicationShutdown()));
    await Promise.all(blockers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('serves nothing when METRICS_PORT is unset', async () => {
    expect(await serverFor({}).start()).toBeUndefined();
  });

  it('serves GET /metrics on METRICS_HOST:METRICS_PORT', async () => {
    const server = serverFor({ METRICS_PORT: '0' });
    started.push(server);
    const url = (await server.start())!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('pathwarden_things_total 3');
  });

  it('stops answering once the application shuts down, even with a kept-alive scrape connection', async () => {
    const server = serverFor({ METRICS_PORT: '0' });
    const url = (await server.start())!;
    expect((await fetch(url, { headers: { Connection: 'keep-alive' } })).status).toBe(200);
    await server.onApplicationShutdown();
    await expect(fetch(url)).rejects.toThrow();
  });

  it('fails to start with a ConfigError naming the metrics settings when the port is taken', async () => {
    const blocker = createServer();
    blockers.push(blocker);
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    const failure = await serverFor({ METRICS_PORT: String(port) }).start().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toBe(
      `the metrics server cannot listen on 127.0.0.1:${port} (METRICS_HOST, METRICS_PORT): listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
    );
  });
});
