import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../config/app-config.js';
import { ConfigError } from '../config/config-error.js';
import { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

/**
 * GET /metrics in the Prometheus text format, on a server of its own (METRICS_HOST:METRICS_PORT): the metrics are
 * unauthenticated by design, so they stay off the API's port, on loopback unless told otherwise. Started by main.ts
 * only; closed when the application shuts down.
 */
@Injectable()
export class MetricsServer implements OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | undefined;

  constructor(private readonly config: AppConfig, private readonly metrics: Metrics) {}

  /**
   * Starts serving when METRICS_PORT is set; resolves to the metrics URL, or undefined when metrics are off. A port
   * it cannot take is the operator's setting to change: a ConfigError, which start-up reports in one line.
   */
  async start(): Promise<string | undefined> {
    const settings = this.config.metrics;
    if (!settings || this.server) return this.server ? this.url() : undefined;
    this.metrics.collectProcessMetrics();
    const server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: Error) => reject(new ConfigError(
        `the metrics server cannot listen on ${settings.host}:${settings.port} (METRICS_HOST, METRICS_PORT): ${error.message}`,
      )));
      server.listen(settings.port, settings.host, resolve);
    });
    this.server = server;
    const url = this.url();
    this.logger.log(`metrics at ${url}`);
    return url;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    // Prometheus keeps its connection open between scrapes: close it, or close() would wait for it.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  private url(): string {
    const { address, family, port } = this.server!.address() as AddressInfo;
    return `http://${family === 'IPv6' ? `[${address}]` : address}:${port}${METRICS_PATH}`;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if ((req.url ?? '').split('?')[0] !== METRICS_PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: the metrics are at ${METRICS_PATH}\n`);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' }).end('method not allowed\n');
      return;
    }
    try {
      const text = await this.metrics.registry.metrics();
      res.writeHead(200, { 'Content-Type': this.metrics.registry.contentType }).end(req.method === 'HEAD' ? undefined : text);
    } catch (error) {
      this.logger.error(`could not gather the metrics: ${(error as Error)?.message ?? String(error)}`);
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('the metrics could not be gathered\n');
    }
  }
}
