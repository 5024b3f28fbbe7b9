/**
 * The coding of a request body by its Content-Encoding: `identity` when absent (or said), `gzip` for gzip and its
 * alias x-gzip (RFC 9110 §8.4.1.3), `unsupported` for anything else (deflate, br, a list of codings).
 */
export function bodyEncoding(header: string | undefined): 'identity' | 'gzip' | 'unsupported' {
  const coding = (header ?? '').trim().toLowerCase();
  if (coding === '' || coding === 'identity') return 'identity';
  return coding === 'gzip' || coding === 'x-gzip' ? 'gzip' : 'unsupported';
}
