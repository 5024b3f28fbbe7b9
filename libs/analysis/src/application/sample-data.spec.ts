import { describe, expect, it, jest } from '@jest/globals';
import { existsSync } from 'node:fs';
import type { LocalFiles } from '@app/ingest';
import type { Clock, EmbeddedPostgresHandle } from '@app/platform';
import type { AnalysisConfig } from '../analysis-config.js';
import type { Datapipe } from './datapipe.js';
import type { DatapipeStatusStore } from './datapipe-ports.js';
import { bundledSampleData, SampleData } from './sample-data.js';

const clock = { now: () => new Date('2031-01-01T00:00:00Z') } as Clock;
const embedded = (initialised: boolean) => ({ url: 'postgres://x', initialised, stop: async () => undefined }) as EmbeddedPostgresHandle;

function sampleData(sample: boolean | undefined, handle: EmbeddedPostgresHandle | null, claim = true) {
  const status = { claimSampleData: jest.fn(async () => claim) };
  const files = { ingest: jest.fn(async (_path: string) => [{ fileName: 'a.json', objects: 3, errors: [], warnings: [], domains: {} }]) };
  const datapipe = { ingest: jest.fn(async (work: () => Promise<unknown>) => work()), analyze: jest.fn(async () => ({})) };
  const subject = new SampleData({ sampleData: sample } as AnalysisConfig, status as unknown as DatapipeStatusStore,
    files as unknown as LocalFiles, datapipe as unknown as Datapipe, clock, handle);
  return { subject, status, files, datapipe };
}

describe('SampleData', () => {
  it('is wanted when SAMPLE_DATA says so, whatever the database', () => {
    expect(sampleData(true, null).subject.wanted()).toBe(true);
    expect(sampleData(false, embedded(true)).subject.wanted()).toBe(false);
  });

  it('by default, is wanted only on the first start of an embedded database', () => {
    expect(sampleData(undefined, embedded(true)).subject.wanted()).toBe(true);
    expect(sampleData(undefined, embedded(false)).subject.wanted()).toBe(false);
    expect(sampleData(undefined, null).subject.wanted()).toBe(false);
  });

  it('ingests then analyses once claimed', async () => {
    const { subject, files, datapipe } = sampleData(true, null);
    const outcome = await subject.load('/data/sample.zip');
    expect(outcome).toEqual({ loaded: true, files: [expect.objectContaining({ fileName: 'a.json' })] });
    expect(files.ingest).toHaveBeenCalledWith('/data/sample.zip');
    expect(datapipe.analyze).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the database already had it, or when not wanted', async () => {
    const loaded = sampleData(true, null, false);
    expect(await loaded.subject.load('/x.zip')).toEqual({ loaded: false, reason: 'already loaded' });
    expect(loaded.files.ingest).not.toHaveBeenCalled();
    const unwanted = sampleData(false, null);
    expect(await unwanted.subject.load('/x.zip')).toEqual({ loaded: false, reason: 'not wanted' });
    expect(unwanted.status.claimSampleData).not.toHaveBeenCalled();
  });

  it('finds the bundled sample data', () => {
    expect(bundledSampleData()).toMatch(/assets\/sample-data\/ad_sampledata\.zip$/);
    expect(existsSync(bundledSampleData())).toBe(true);
  });
});
