import { describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { Metrics, type Clock } from '@app/platform';
import type { IngestConfig } from '../ingest-config.js';
import type { BatchResult, GraphBatch, GraphStore } from '@app/graph';
import type { CollectorFileMeta } from '../domain/collector-types.js';
import { ObjectError, type Converted } from '../domain/converted.js';
import { ScanningCollectorFileReader } from '../infrastructure/parsing/collector-file.js';
import { FileIngestor, type IngestSource } from './file-ingestor.js';
import { MAX_DOMAIN_NAME_CHARS } from './domain-tally.js';
import { MAX_REPORT_CHARS, MAX_WARNINGS } from './warning-list.js';

const NOW = new Date('2031-05-06T07:00:00.000Z');
const clock = { now: () => NOW } as Clock;
const config = (batchSize: number) => ({ batchSize }) as IngestConfig;

/** Records every batch; can be told to fail the n-th write (with an error of its choosing). */
class RecordingGraph {
  batches: GraphBatch[] = [];
  failAt?: number;
  failWith: () => Error = () => new Error('connection terminated');
  async writeBatch(batch: GraphBatch): Promise<BatchResult> {
    if (this.batches.length + 1 === this.failAt) throw this.failWith();
    this.batches.push(batch);
    return { nodes: batch.nodes.length, edges: batch.edges.length, stubs: 0, skippedEdges: 0 };
  }
}

/** Converts `{id, fail?}` objects to one node and two edges, or throws ObjectError when told to. */
class FakeConverting extends FileIngestor {
  protected override convert(_meta: CollectorFileMeta, object: unknown): Converted {
    const { ObjectIdentifier: id, fail } = object as { ObjectIdentifier: string; fail?: boolean };
    if (fail) throw new ObjectError('no ObjectIdentifier');
    const end = { objectid: 'S-1-5-21-1-513', kinds: ['Base', 'Group'] };
    return {
      nodes: [{ objectid: id, kinds: ['Base', 'User'], properties: { name: id } }],
      edges: [
        { start: { objectid: id, kinds: [] }, end, kind: 'MemberOf', properties: { isacl: false } },
        { start: end, end: { objectid: id, kinds: [] }, kind: 'GenericAll', properties: { isacl: true } },
      ],
      warnings: id.endsWith('9') ? ['unknown right name Foo dropped'] : undefined,
    };
  }
}

const user = (n: number, domain = 'PHANTOM.CORP', extra: object = {}) =>
  ({ ObjectIdentifier: `S-1-5-21-1-${n}`, Properties: { domain }, ...extra });
const file = (data: unknown[], type = 'users') => JSON.stringify({ data, meta: { type, version: 6, count: 0 } });
const source = (text: string, name = 'users.json'): IngestSource => ({ name, open: () => Readable.from([Buffer.from(text)]) });

function setUp(batchSize = 9, Ingestor: typeof FileIngestor = FakeConverting) {
  const graph = new RecordingGraph();
  const metrics = new Metrics();
  const ingestor = new Ingestor(
    graph as unknown as GraphStore, config(batchSize), clock, metrics, new ScanningCollectorFileReader(),
  );
  return { graph, metrics, ingestor };
}

describe('FileIngestor', () => {
  it('writes batches of about batchSize rows stamped with one instant, reporting progress per batch', async () => {
    const { graph, ingestor } = setUp(9);
    const progress: number[] = [];
    const result = await ingestor.ingest(source(file([1, 2, 3, 4, 5, 6, 7].map((n) => user(n)))), (n) => progress.push(n));

    expect(result).toMatchObject({ fileName: 'users.json', type: 'users', objects: 7, errors: [], warnings: [] });
    expect(graph.batches.map((b) => b.nodes.length + b.edges.length)).toEqual([9, 9, 3]);
    expect(new Set(graph.batches.map((b) => b.seenAt))).toEqual(new Set([NOW.toISOString()]));
    expect(progress).toEqual([3, 3, 1]);
  });

  it('counts the objects it writes in pathwarden_ingest_objects_total, by collector type', async () => {
    const { ingestor, metrics } = setUp(9);
    await ingestor.ingest(source(file([1, 2, 3, 4].map((n) => user(n)))));
    await ingestor.ingest(source(file([user(5), user(6, 'X', { fail: true })], 'computers')));

    const counted = await metrics.registry.getSingleMetric('pathwarden_ingest_objects_total')!.get();
    expect(counted.values.map(({ labels, value }) => [labels.type, value])).toEqual([['users', 4], ['computers', 1]]);
  });

  it('skips an object the converter refuses with a warning and writes the others', async () => {
    const { graph, ingestor } = setUp(100);
    const result = await ingestor.ingest(source(file([user(1), user(2, 'X', { fail: true }), user(3)])));

    expect(result.objects).toBe(2);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual(['object 1 skipped: no ObjectIdentifier']);
    expect(graph.batches.flatMap((b) => b.nodes.map((n) => n.objectid))).toEqual(['S-1-5-21-1-1', 'S-1-5-21-1-3']);
  });

  it("keeps the converter's warnings, capped with a count of the rest", async () => {
    const { ingestor } = setUp(1000);
    const many = Array.from({ length: MAX_WARNINGS + 5 }, (_, i) => user(i * 10 + 9));
    const result = await ingestor.ingest(source(file(many)));

    expect(result.warnings).toHaveLength(MAX_WARNINGS + 1);
    expect(result.warnings[0]).toBe('object 0: unknown right name Foo dropped');
    expect(result.warnings.at(-1)).toBe('... and 5 more warning(s)');
  });

  it('counts objects per upper-cased domain by file type, deleted objects apart', async () => {
    const { ingestor } = setUp();
    const result = await ingestor.ingest(source(file([
      user(1, 'phantom.corp'), user(2, 'PHANTOM.CORP'), user(3, 'GHOST.CORP'), user(4, 'GHOST.CORP', { IsDeleted: true }),
    ])));

    expect(result.domains['PHANTOM.CORP']).toMatchObject({ user_count: 2, deleted_count: 0, group_count: 0 });
    expect(result.domains['GHOST.CORP']).toMatchObject({ user_count: 1, deleted_count: 1 });
  });

  it('reports a malformed file as the error of that file and writes nothing more of it', async () => {
    const { graph, ingestor } = setUp(3);
    const text = file([user(1), user(2), user(3)]).replace(/\]\s*,\s*"meta"/, ', {"ObjectIdentifier": ] , "meta"');
    const result = await ingestor.ingest(source(text, 'broken.json'));

    expect(result.fileName).toBe('broken.json');
    expect(result.errors).toHaveLength(1);
    expect(graph.batches.length).toBeLessThanOrEqual(3);
  });

  it('reports an unknown meta.type as the error of that file', async () => {
    const { graph, ingestor } = setUp();
    const result = await ingestor.ingest(source(file([user(1)], 'printers')));

    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('printers');
    expect(result.objects).toBe(0);
    expect(graph.batches).toEqual([]);
  });

  it('reports a source that cannot be opened as the error of that file', async () => {
    const { ingestor } = setUp();
    const result = await ingestor.ingest({ name: 'm.json', parentName: 'a.zip', open: () => Promise.reject(new Error('member too large')) });

    expect(result).toMatchObject({ fileName: 'm.json', parentFileName: 'a.zip', objects: 0 });
    expect(result.errors).toEqual(['member too large']);
  });

  it('throws when the graph write fails, so the file can be retried as a whole', async () => {
    const { graph, ingestor } = setUp(3);
    graph.failAt = 2;

    await expect(ingestor.ingest(source(file([1, 2, 3, 4, 5].map((n) => user(n)))))).rejects.toThrow('connection terminated');
    expect(graph.batches).toHaveLength(1);
  });

  it.each([
    ['22P05', 'unsupported Unicode escape sequence \\u0000 in "S-1-\u0000"'],
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['54000', 'index row size 3000 exceeds btree version 4 maximum 2704'],
  ])('reports a write PostgreSQL refuses for its data (%s) as the error of the file, without its message', async (code, message) => {
    const { graph, ingestor } = setUp(3);
    graph.failAt = 2;
    graph.failWith = () => Object.assign(new Error(message), { code });
    const result = await ingestor.ingest(source(file([1, 2, 3, 4, 5].map((n) => user(n)))));

    expect(result.errors).toEqual([
      `the graph database refused this file's data (SQLSTATE ${code}); objects written before it are kept`,
    ]);
    expect(result.objects).toBe(1);
    expect(graph.batches).toHaveLength(1);
  });

  it('still throws for other PostgreSQL errors (an outage is retried)', async () => {
    const { graph, ingestor } = setUp(3);
    graph.failAt = 1;
    graph.failWith = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

    await expect(ingestor.ingest(source(file([user(1)])))).rejects.toThrow('administrator command');
  });

  it('strips NUL from and caps the error and warning texts', async () => {
    const { ingestor } = setUp();
    // V8's JSON.parse message quotes the input around the bad token, NUL included.
    const broken = await ingestor.ingest(source(file([user(1)]).replace('"S-1-5-21-1-1"', `\u0000${'y'.repeat(2000)}`)));
    expect(broken.errors).toHaveLength(1);
    expect(broken.errors[0]).toMatch(/^Malformed JSON in data item 0: Unexpected token/);
    expect(broken.errors[0]).not.toContain('\u0000');
    expect(broken.errors[0].length).toBeLessThanOrEqual(MAX_REPORT_CHARS + 1);

    class Warning extends FileIngestor {
      protected override convert(): Converted {
        throw new ObjectError(`bad \u0000 name ${'z'.repeat(5000)}`);
      }
    }
    const { ingestor: warning } = setUp(9, Warning);
    const result = await warning.ingest(source(file([user(1)])));
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^object 0 skipped: bad  name z+…$/);
    expect(result.warnings[0]).toHaveLength(MAX_REPORT_CHARS + 1);
  });

  it('counts domain names without NUL, capped', async () => {
    const { ingestor } = setUp();
    const result = await ingestor.ingest(source(file([user(1, 'x.\u0000corp'), user(2, 'd'.repeat(1000))])));
    expect(Object.keys(result.domains).sort()).toEqual(['D'.repeat(MAX_DOMAIN_NAME_CHARS), 'X.CORP']);
  });
});
