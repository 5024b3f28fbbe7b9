/**
 * Content-Disposition of a download named after user text: the name in quotes with everything but printable ASCII
 * (and `"`, `\`) as `_`, plus the exact name as RFC 6266 `filename*` when they differ. A raw name could break the
 * header (CR/LF, quotes) or be refused by Node (non-Latin-1).
 */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (fallback === fileName) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
