import { pipeline, Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

export interface GunzipLimits {
  /** Size of the compressed input, for the ratio cap. */
  compressedBytes: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
}

/**
 * The decompressed bytes of a gzip stream, failing as soon as they pass the uncompressed-size cap or the ratio cap
 * (a gzip bomb is stopped while it inflates, before it fills memory or disk).
 */
export function gunzipWithinLimits(input: Readable, limits: GunzipLimits): Readable {
  const cap = Math.min(limits.maxUncompressedBytes, Math.max(1, limits.compressedBytes) * limits.maxCompressionRatio);
  let total = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > cap) {
        callback(new Error(total > limits.maxUncompressedBytes
          ? `gzip content exceeds the uncompressed size limit of ${limits.maxUncompressedBytes} bytes`
          : `gzip content exceeds the compression ratio limit of ${limits.maxCompressionRatio}`));
        return;
      }
      callback(null, chunk);
    },
  });
  return pipeline(input, createGunzip(), guard, () => undefined);
}
