import { Readable } from 'node:stream';
import { CollectorFileError } from '../../domain/collector-types.js';
import type { CollectorFile } from '../../application/file-reader-ports.js';
import { openCollectorFile } from './collector-file.js';

const CAP = 1024;

/** Serves the parts as chunks and counts how many were pulled. */
function counted(parts: Buffer[]): { open: () => Readable; pulled: () => number } {
  let pulled = 0;
  async function* chunks(): AsyncGenerator<Buffer> {
    for (const part of parts) {
      pulled++;
      yield part;
    }
  }
  return { open: () => Readable.from(chunks()), pulled: () => pulled };
}

function chunked(text: string, size = 100): Buffer[] {
  const buffer = Buffer.from(text, 'utf8');
  const out: Buffer[] = [];
  for (let i = 0; i < buffer.length; i += size) out.push(buffer.subarray(i, i + size));
  return out;
}

async function drain(file: CollectorFile): Promise<number> {
  let count = 0;
  for await (const _item of file.items()) count++;
  return count;
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(CollectorFileError);
  return (error as Error).message;
}

const item = (bytes: number) => `{"ObjectIdentifier":"${'x'.repeat(bytes - 23)}"}`;

describe('openCollectorFile with maxObjectBytes', () => {
  it('reads items up to the cap', async () => {
    const text = `{"meta":{"type":"users"},"data":[${item(CAP)},${item(CAP)}]}`;
    const { open } = counted(chunked(text));
    expect(await drain(await openCollectorFile(open, { maxObjectBytes: CAP }))).toBe(2);
  });

  it('fails the file on the first data item past the cap, naming it', async () => {
    const text = `{"meta":{"type":"users"},"data":[${item(30)},${item(CAP + 1)},${item(30)}]}`;
    const file = await openCollectorFile(counted(chunked(text)).open, { maxObjectBytes: CAP });
    expect(await failure(drain(file))).toBe(`data item 1 is larger than ${CAP} bytes`);
  });

  it('fails as soon as an item passes the cap, without reading (or holding) the rest of it', async () => {
    const huge = item(1_000_000);
    const parts = chunked(`{"meta":{"type":"users"},"data":[${huge}]}`);
    const { open, pulled } = counted(parts);
    const file = await openCollectorFile(open, { maxObjectBytes: CAP });
    const before = pulled();
    expect(await failure(drain(file))).toBe(`data item 0 is larger than ${CAP} bytes`);
    // About CAP bytes of the item were read (100-byte chunks), not the megabyte.
    expect(pulled() - before).toBeLessThan(CAP / 100 + 3);
    expect(parts.length).toBeGreaterThan(10_000);
  });

  it('fails on an item larger than the cap within a single chunk', async () => {
    const text = `{"meta":{"type":"users"},"data":[${item(CAP * 4)}]}`;
    const file = await openCollectorFile(counted([Buffer.from(text)]).open, { maxObjectBytes: CAP });
    expect(await failure(drain(file))).toBe(`data item 0 is larger than ${CAP} bytes`);
  });

  it('fails on oversized meta while looking for it', async () => {
    const text = `{"data":[],"meta":{"type":"users","pad":"${'m'.repeat(CAP)}"}}`;
    expect(await failure(openCollectorFile(counted(chunked(text)).open, { maxObjectBytes: CAP })))
      .toBe(`meta is larger than ${CAP} bytes`);
  });

  it('fails on an oversized key, even of an ignored value', async () => {
    const text = `{"${'k'.repeat(CAP * 2)}":1,"meta":{"type":"users"},"data":[]}`;
    expect(await failure(openCollectorFile(counted(chunked(text)).open, { maxObjectBytes: CAP })))
      .toBe(`a key is larger than ${CAP} bytes`);
  });

  it('skips an oversized value that is not captured (another top-level key)', async () => {
    const text = `{"other":"${'v'.repeat(CAP * 4)}","meta":{"type":"users"},"data":[${item(30)}]}`;
    expect(await drain(await openCollectorFile(counted(chunked(text)).open, { maxObjectBytes: CAP }))).toBe(1);
  });

  it('defaults to a 64 MiB cap with one argument', async () => {
    const text = `{"meta":{"type":"users"},"data":[${item(CAP * 4)}]}`;
    expect(await drain(await openCollectorFile(counted(chunked(text)).open))).toBe(1);
  });
});
