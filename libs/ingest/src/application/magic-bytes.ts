// An upload's kind is told by its first bytes, never by its name.

/** True when the bytes start with the zip local-file magic `PK\x03\x04`. */
export function looksLikeZip(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/** True when the bytes start with the gzip magic `1f 8b`. */
export function looksLikeGzip(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}
