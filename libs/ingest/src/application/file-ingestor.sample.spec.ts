import { describe, expect, it } from '@jest/globals';
import { resolve } from 'node:path';
import { Metrics, type Clock } from '@app/platform';
import type { IngestConfig } from '../ingest-config.js';
import { InMemoryGraphStore } from '@app/graph/testing';
import { ScanningCollectorFileReader } from '../infrastructure/parsing/collector-file.js';
import { YauzlZipReader } from '../infrastructure/parsing/zip-archive.js';
import { FileIngestor } from './file-ingestor.js';
import { LocalFiles } from './local-files.js';

const SAMPLE_ZIP = resolve('assets/sample-data/ad_sampledata.zip');
const NOW = '2031-05-06T07:00:00.000Z';
const clock = { now: () => new Date(NOW) } as Clock;
const config = {
  batchSize: 500, maxZipMembers: 100, maxUncompressedBytes: 100_000_000, maxCompressionRatio: 200,
} as IngestConfig;

/** The real zip reader, JSON reader, converters and the in-memory graph store together, on the bundled sample data. */
describe('LocalFiles and FileIngestor with the real converters', () => {
  it('ingests the 31 sample-data files into a graph of the expected size', async () => {
    const graph = new InMemoryGraphStore();
    const ingestor = new FileIngestor(graph, config, clock, new Metrics(), new ScanningCollectorFileReader());
    const results = await new LocalFiles(ingestor, config, new YauzlZipReader()).ingest(SAMPLE_ZIP);

    expect(results).toHaveLength(31);
    expect(results.filter((r) => r.errors.length > 0)).toEqual([]);
    expect(results.reduce((sum, r) => sum + r.objects, 0)).toBe(1718);
    const { nodes, edges } = await graph.counts();
    expect(nodes).toBeGreaterThanOrEqual(1_400);
    expect(nodes).toBeLessThanOrEqual(1_600);
    expect(edges).toBeGreaterThanOrEqual(12_000);
    expect(edges).toBeLessThanOrEqual(13_300);
    const dc = await graph.nodeByObjectId('S-1-5-21-2697957641-2271029196-387917394-1000');
    expect(dc?.properties).toMatchObject({ name: 'DC01.PHANTOM.CORP', lastseen: NOW });
  });
});
