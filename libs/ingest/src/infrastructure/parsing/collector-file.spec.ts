import { createReadStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { CollectorFileError } from '../../domain/collector-types.js';
import type { OpenBytes } from '../../application/file-reader-ports.js';
import { openCollectorFile } from './collector-file.js';
import { COLLECTOR_FIXTURES, sampleDataDir } from '../../testing/fixtures.js';

let CONTAINERS: string;
beforeAll(async () => { CONTAINERS = `${await sampleDataDir()}/20240305111414_containers.json`; });
const V5_COMPUTERS = `${COLLECTOR_FIXTURES}/sharphound-v5/computers.json`;

/** Serves the text in chunks of `size` bytes, counting how often it is opened. */
function bytes(text: string | Buffer, size = 65536): OpenBytes & { opened: number } {
  const buffer = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const open = (() => {
    open.opened++;
    const chunks: Buffer[] = [];
    for (let i = 0; i < buffer.length; i += size) chunks.push(buffer.subarray(i, i + size));
    return Readable.from(chunks);
  }) as OpenBytes & { opened: number };
  open.opened = 0;
  return open;
}

async function collect(items: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function openError(text: string): Promise<string> {
  try {
    const file = await openCollectorFile(bytes(text));
    await collect(file.items());
  } catch (error) {
    expect(error).toBeInstanceOf(CollectorFileError);
    return (error as Error).message;
  }
  throw new Error('expected a CollectorFileError');
}

const TRICKY_ITEMS = [
  { ObjectIdentifier: 'A', Properties: { name: 'quote " and \\ backslash \\"', unicode: 'été ✓ 𝄞' } },
  { ObjectIdentifier: 'B', Aces: [[], [{ x: '}]' }], { y: '[{' }], n: -1.5e3, t: true, f: false, z: null },
  'a bare string item',
  42,
];

describe('openCollectorFile', () => {
  it('streams the sample containers file (CRLF, data before meta)', async () => {
    const open = () => createReadStream(CONTAINERS);
    const file = await openCollectorFile(open);
    expect(file.meta).toEqual({ type: 'containers', version: 6, methods: 521215 });
    const items = await collect(file.items());
    expect(items).toEqual((JSON.parse(readFileSync(CONTAINERS, 'utf8')) as { data: unknown[] }).data);
  });

  it('reads a v5 file with meta first, ignoring meta.count', async () => {
    const file = await openCollectorFile(() => createReadStream(V5_COMPUTERS));
    expect(file.meta).toEqual({ type: 'computers', version: 5, methods: 46067 });
    expect(await collect(file.items())).toHaveLength(4);
  });

  it('stops the first pass early when meta comes first', async () => {
    const open = bytes(`{"meta":{"type":"users","version":6},"data":[${'{"a":1},'.repeat(1000)}{"a":2}]}`, 64);
    const file = await openCollectorFile(open);
    expect(open.opened).toBe(1);
    expect(await collect(file.items())).toHaveLength(1001);
    expect(open.opened).toBe(2);
  });

  it('tolerates a BOM, CRLF, extra top-level keys and every chunk boundary', async () => {
    const text = `\uFEFF{\r\n  "extra": {"data": [1, "]"]},\r\n  "data" : [\r\n${TRICKY_ITEMS.map((i) => JSON.stringify(i)).join(' ,\r\n')}\r\n],\r\n "meta": {"type": "groups", "version": 6, "methods": 1, "count": 99}\r\n}\r\n`;
    for (const size of [1, 2, 3, 7, 64]) {
      const file = await openCollectorFile(bytes(text, size));
      expect(file.meta).toEqual({ type: 'groups', version: 6, methods: 1 });
      expect(await collect(file.items())).toEqual(TRICKY_ITEMS);
    }
  });

  it('accepts an empty data array and azure files', async () => {
    const file = await openCollectorFile(bytes('{"data":[],"meta":{"type":"azure","version":5}}'));
    expect(file.meta).toEqual({ type: 'azure', version: 5, methods: 0 });
    expect(await collect(file.items())).toEqual([]);
  });

  it('yields items before the file has been read to the end', async () => {
    let pulled = 0;
    const total = 10_000;
    async function* chunks(): AsyncGenerator<Buffer> {
      yield Buffer.from('{"meta":{"type":"ous"},"data":[');
      for (let i = 0; i < total; i++) {
        pulled++;
        yield Buffer.from(`${i ? ',' : ''}{"ObjectIdentifier":"${i}"}`);
      }
      yield Buffer.from(']}');
    }
    const file = await openCollectorFile(() => Readable.from(chunks()));
    let seen = 0;
    for await (const item of file.items()) {
      if (seen === 0) expect(pulled).toBeLessThan(100);
      expect(item).toEqual({ ObjectIdentifier: String(seen) });
      seen++;
    }
    expect(seen).toBe(total);
  });

  describe('refuses with a clear CollectorFileError', () => {
    it.each([
      ['an unknown meta.type', '{"data":[],"meta":{"type":"deleted"}}', 'unknown meta.type "deleted"'],
      ['a missing meta.type', '{"data":[],"meta":{"version":6}}', 'meta.type is missing'],
      ['a missing meta', '{"data":[]}', 'the file has no "meta" object'],
      ['meta that is not an object', '{"data":[],"meta":"users"}', '"meta" is not an object'],
      ['a missing data array', '{"meta":{"type":"users"}}', 'the file has no "data" array'],
      ['data that is not an array', '{"meta":{"type":"users"},"data":{"a":1}}', '"data" is not an array'],
      ['a file that is not an object', '[{"a":1}]', 'Malformed JSON at byte 0: the file is not a JSON object'],
      ['an empty file', '', 'Malformed JSON: the file is empty'],
      ['a truncated file', '{"data":[{"a":1},{"b":', 'Malformed JSON: unexpected end of file'],
      ['a truncated file after meta', '{"meta":{"type":"users"},"data":[{"a":1}', 'Malformed JSON: unexpected end of file'],
      ['a missing comma between items', '{"meta":{"type":"users"},"data":[{"a":1} {"b":2}]}',
        "Malformed JSON at byte 41: expected ',' or ']' in data"],
      ['a trailing comma in data', '{"meta":{"type":"users"},"data":[{"a":1},]}',
        "Malformed JSON at byte 41: unexpected ']' after ',' in data"],
      ['content after the object', '{"meta":{"type":"users"},"data":[]} x', 'Malformed JSON at byte 36: unexpected content after the top-level object'],
      ['a repeated data key', '{"meta":{"type":"users"},"data":[],"data":[]}', 'Malformed JSON: duplicate "data" key'],
    ])('for %s', async (_case, text, message) => {
      expect(await openError(text)).toBe(message);
    });

    it('for a malformed item, while iterating', async () => {
      const file = await openCollectorFile(bytes('{"data":[{"a":1},{"b":tru}],"meta":{"type":"users"}}'));
      await expect(collect(file.items())).rejects.toThrow(/^Malformed JSON in data item 1: /);
    });

    it('for malformed meta', async () => {
      expect(await openError('{"data":[],"meta":{"type":"users",}}')).toMatch(/^Malformed JSON in meta: /);
    });

    it('for a stream that fails while reading', async () => {
      const failing = () => new Readable({ read() { this.destroy(new Error('member exceeds its declared size')); } });
      const error = await openCollectorFile(failing).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CollectorFileError);
      expect((error as Error).message).toBe('Could not read the file: member exceeds its declared size');
    });
  });
});
