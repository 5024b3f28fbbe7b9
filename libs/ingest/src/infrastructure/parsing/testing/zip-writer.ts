import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A tiny zip writer for tests (yauzl only reads). It can also write the archives a real tool would refuse to:
 * lying sizes, encrypted flags, unsafe names.
 */
export interface ZipEntrySpec {
  name: string;
  data?: Buffer | string;
  /** Deflate (default) or store the bytes. */
  store?: boolean;
  /** Uncompressed size written in the headers, to fake a member that inflates beyond what it declares. */
  declaredSize?: number;
  /** Sets the "encrypted" flag (the bytes stay readable; readers must refuse on the flag). */
  encrypted?: boolean;
  /** Index of an earlier entry whose local record (header and data) this one points at: an overlapping member. */
  sameDataAs?: number;
}

const UTF8_NAMES = 0x800;

export function buildZip(specs: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const written: { offset: number; crc: number; compressed: number; size: number; method: number }[] = [];
  for (const spec of specs) {
    const raw = typeof spec.data === 'string' ? Buffer.from(spec.data, 'utf8') : (spec.data ?? Buffer.alloc(0));
    const body = spec.store ? raw : deflateRawSync(raw);
    const name = Buffer.from(spec.name, 'utf8');
    const flags = UTF8_NAMES | (spec.encrypted ? 1 : 0);
    const method = spec.store ? 0 : 8;
    const crc = crc32(raw);
    const size = spec.declaredSize ?? raw.length;
    const shared = spec.sameDataAs === undefined ? undefined : written[spec.sameDataAs];
    if (shared) {
      written.push(shared);
      centrals.push(centralHeader(flags, shared.method, shared.crc, shared.compressed, shared.size, name, shared.offset), name);
      continue;
    }
    written.push({ offset, crc, compressed: body.length, size, method });

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);

    centrals.push(centralHeader(flags, method, crc, body.length, size, name, offset), name);

    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(specs.length, 8);
  end.writeUInt16LE(specs.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function centralHeader(flags: number, method: number, crc: number, compressed: number, size: number, name: Buffer, offset: number): Buffer {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(flags, 8);
  central.writeUInt16LE(method, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(compressed, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(offset, 42);
  return central;
}
