/**
 * Rules for zip member names. Names are never used as paths here, but an archive that carries path-traversal or
 * absolute names was not written by a collector, and refusing it whole keeps such names out of reports and of any
 * tool that extracts the stored archive later.
 */
const NESTED_ARCHIVE = /\.(zip|gz|tgz|7z|rar|tar|bz2|xz)$/i;

/** True for names with `..` segments, absolute paths, drive letters, backslashes or control characters. */
export function unsafeMemberName(name: string): boolean {
  if (name === '' || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return true;
  if (/[\u0000-\u001f\u007f]/.test(name)) return true;
  return name.split('/').includes('..');
}

/** True when the member's name says it is itself an archive (zip, gzip, tar, 7z, rar, bzip2, xz). */
export function isNestedArchive(name: string): boolean {
  return NESTED_ARCHIVE.test(name);
}
