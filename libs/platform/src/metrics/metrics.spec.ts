import { describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Metrics } from './metrics.js';

describe('Metrics', () => {
  it('answers the same counter when asked twice for one name (one registry per application)', () => {
    const metrics = new Metrics();
    const first = metrics.counter('pathwarden_things_total', 'Things', ['kind']);
    expect(metrics.counter('pathwarden_things_total', 'Things', ['kind'])).toBe(first);
    expect(new Metrics().counter('pathwarden_things_total', 'Things', ['kind'])).not.toBe(first);
  });

  it('reads a scrape-time gauge at each scrape', async () => {
    const metrics = new Metrics();
    let running = 2;
    metrics.gaugeAtScrape('pathwarden_jobs', 'Jobs', ['status'], () => [{ labels: { status: 'running' }, value: running }]);
    expect(await metrics.registry.metrics()).toContain('pathwarden_jobs{status="running"} 2');
    running = 5;
    expect(await metrics.registry.metrics()).toContain('pathwarden_jobs{status="running"} 5');
  });

  it('leaves a gauge whose read fails without values, logs why, and still serves the other metrics', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const metrics = new Metrics();
    let fail = false;
    metrics.gaugeAtScrape('pathwarden_jobs', 'Jobs', ['status'], async () => {
      if (fail) throw new Error('connection refused');
      return [{ labels: { status: 'running' }, value: 1 }];
    });
    metrics.counter('pathwarden_things_total', 'Things').inc();
    expect(await metrics.registry.metrics()).toContain('pathwarden_jobs{status="running"} 1');

    fail = true;
    const text = await metrics.registry.metrics();
    expect(text).not.toContain('pathwarden_jobs{');
    expect(text).toContain('pathwarden_things_total 1');
    expect(warn).toHaveBeenCalledWith('could not read pathwarden_jobs: connection refused');
    warn.mockRestore();
  });
});
