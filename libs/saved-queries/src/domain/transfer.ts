import type { SavedQuery, SavedQueryDraft } from './saved-query.js';

/** The file form of a query, as exports write it and imports read it (the reference's key order). */
export interface TransferableQuery {
  query: string;
  name: string;
  description: string;
}

export function transferable(query: Pick<SavedQuery, 'query' | 'name' | 'description'>): TransferableQuery {
  return { query: query.query, name: query.name, description: query.description };
}

/** The JSON text of an exported query file. */
export function transferText(query: SavedQueryDraft): string {
  return JSON.stringify(transferable(query));
}

/**
 * `<name>.json` from the last path segment of the name, as the reference's filepath.Base does; characters no file
 * name can hold (backslash, control characters) become `_`, and a segment that is empty, `.` or `..` is `_`.
 */
export function exportFileName(name: string): string {
  const segments = name.split('/').filter((segment) => segment !== '');
  const base = (segments.at(-1) ?? '').replace(/[\\\u0000-\u001f\u007f]/g, '_');
  return `${base === '' || base === '.' || base === '..' ? '_' : base}.json`;
}

/** File names for a zip: each query's exportFileName, later duplicates as `name (2).json`, `name (3).json`, ... */
export function uniqueFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  // The next number to try per file name: N equal names cost N steps, not N².
  const next = new Map<string, number>();
  return names.map((name) => {
    const file = exportFileName(name);
    let unique = file;
    let n = next.get(file.toLowerCase()) ?? 2;
    while (taken.has(unique.toLowerCase())) unique = `${file.slice(0, -'.json'.length)} (${n++}).json`;
    next.set(file.toLowerCase(), n);
    taken.add(unique.toLowerCase());
    return unique;
  });
}

/** Zip members an import leaves out: macOS resource forks (`__MACOSX/`) and hidden files (`.DS_Store`, ...). */
export function isSkippedMember(name: string): boolean {
  return name.includes('__MACOSX') || (name.split('/').at(-1) ?? '').startsWith('.') || name.startsWith('.');
}
