import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildZip } from '../infrastructure/parsing/testing/zip-writer.js';
import { YauzlZipReader } from '../infrastructure/parsing/zip-archive.js';
import type { FileIngestor, FileResult, IngestSource } from './file-ingestor.js';
import { LocalFiles } from './local-files.js';
import type { IngestConfig } from '../ingest-config.js';

const limits = { maxZipMembers: 100, maxUncompressedBytes: 10_000_000, maxCompressionRatio: 200, batchSize: 100 };
const config = (overrides: Partial<typeof limits> = {}) => ({ ...limits, ...overrides }) as IngestConfig;

/** Reads each source to the end and reports its text (or the read error), as FileIngestor would report it. */
class ReadingIngestor {
  texts: Record<string, string> = {};
  async ingest(source: IngestSource): Promise<FileResult> {
    const result: FileResult = {
      fileName: source.name, parentFileName: source.parentName, objects: 0, errors: [], warnings: [], domains: {},
    };
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await source.open()) chunks.push(chunk as Buffer);
      this.texts[source.name] = Buffer.concat(chunks).toString('utf8');
      result.objects = 1;
    } catch (error) {
      result.errors.push((error as Error).message);
    }
    return result;
  }
}

const zip = (members: Record<string, string>) => buildZip(Object.entries(members).map(([name, data]) => ({ name, data })));

describe('LocalFiles', () => {
  let dir: string;
  const write = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const setUp = (overrides: Partial<typeof limits> = {}) => {
    const ingestor = new ReadingIngestor();
    const files = new LocalFiles(ingestor as unknown as FileIngestor, config(overrides), new YauzlZipReader());
    return { ingestor, files };
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'local-files-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ingests a JSON file as one source named by its base name unless told otherwise', async () => {
    const { ingestor, files } = setUp();
    const path = write('20240305110018_users.json', '{"data": []}');

    expect(await files.ingest(path)).toEqual([expect.objectContaining({ fileName: '20240305110018_users.json', errors: [] })]);
    expect(await files.ingest(path, { name: 'upload.json' })).toEqual([expect.objectContaining({ fileName: 'upload.json' })]);
    expect(ingestor.texts['upload.json']).toBe('{"data": []}');
  });

  it('ingests every member of a zip, named by the member and parented by the zip, whatever the file is called', async () => {
    const { ingestor, files } = setUp();
    const path = write('upload.bin', zip({ 'a_users.json': '{"a": 1}', 'b_groups.json': '{"b": 2}' }));

    const results = await files.ingest(path, { name: 'collection.zip' });

    expect(results.map((r) => [r.fileName, r.parentFileName, r.errors])).toEqual([
      ['a_users.json', 'collection.zip', []], ['b_groups.json', 'collection.zip', []],
    ]);
    expect(ingestor.texts).toEqual({ 'a_users.json': '{"a": 1}', 'b_groups.json': '{"b": 2}' });
  });

  it('reports a member that fails while reading and goes on with the others', async () => {
    const { ingestor, files } = setUp();
    const path = write('liar.zip', buildZip([
      { name: 'a.json', data: '{"a": 1}' },
      { name: 'liar.json', data: 'x'.repeat(5000), declaredSize: 10 },
      { name: 'c.json', data: '{"c": 3}' },
    ]));

    const results = await files.ingest(path);

    expect(results.map((r) => [r.fileName, r.errors.length])).toEqual([['a.json', 0], ['liar.json', 1], ['c.json', 0]]);
    expect(Object.keys(ingestor.texts)).toEqual(['a.json', 'c.json']);
  });

  it('answers one failed result for a zip the limits refuse, ingesting none of it', async () => {
    const { ingestor, files } = setUp({ maxZipMembers: 1 });
    const path = write('two.zip', zip({ 'a.json': '{}', 'b.json': '{}' }));

    const results = await files.ingest(path);

    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ fileName: 'two.zip', objects: 0 });
    expect(results[0].errors).toHaveLength(1);
    expect(ingestor.texts).toEqual({});
  });

  it('answers one failed result for a file that starts like a zip but is not one', async () => {
    const { files } = setUp();
    const path = write('broken.zip', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)]));

    const [result] = await files.ingest(path);

    expect(result.fileName).toBe('broken.zip');
    expect(result.errors).toHaveLength(1);
  });

  it('inflates a gzip file on the fly', async () => {
    const { ingestor, files } = setUp();
    const path = write('body.gz', gzipSync('{"data": [], "meta": {}}'));

    const results = await files.ingest(path, { name: 'client-upload' });

    expect(results).toEqual([expect.objectContaining({ fileName: 'client-upload', errors: [] })]);
    expect(ingestor.texts['client-upload']).toBe('{"data": [], "meta": {}}');
  });

  it('stops a gzip bomb at the compression ratio cap with a clear error', async () => {
    const { files } = setUp({ maxCompressionRatio: 50 });
    const path = write('bomb.gz', gzipSync(Buffer.alloc(5_000_000, 0x20)));

    const [result] = await files.ingest(path);

    expect(result.errors).toEqual(['gzip content exceeds the compression ratio limit of 50']);
  });

  it('stops a gzip body at the uncompressed size cap', async () => {
    const { files } = setUp({ maxUncompressedBytes: 1000 });
    const path = write('big.gz', gzipSync(Buffer.from('x'.repeat(5000))));

    const [result] = await files.ingest(path);

    expect(result.errors).toEqual(['gzip content exceeds the uncompressed size limit of 1000 bytes']);
  });
});
