/**
 * Collector release versions: `vMAJOR.MINOR.PATCH` with an optional `-PRERELEASE` (Semantic Versioning 2.0 §9,
 * without build metadata), ordered by semver precedence, never by string order (v2.10.0 > v2.9.1).
 */
export interface CollectorVersion {
  /** The version as written, e.g. `v2.11.0-rc1`. */
  tag: string;
  major: number;
  minor: number;
  patch: number;
  /** '' for a final release. */
  prerelease: string;
}

/** Longest version tag accepted: far above any real release, short enough never to matter in a path or a log. */
export const MAX_VERSION_TAG_LENGTH = 64;

// Up to 9 digits keeps every number a safe integer; no leading zeros (semver §2).
const NUMBER = '(0|[1-9]\\d{0,8})';
const IDENTIFIER = '[0-9A-Za-z-]+';
const VERSION_TAG = new RegExp(`^v${NUMBER}\\.${NUMBER}\\.${NUMBER}(?:-(${IDENTIFIER}(?:\\.${IDENTIFIER})*))?$`);

/** Parses `vX.Y.Z[-prerelease]`; undefined for anything else. */
export function parseVersionTag(tag: string): CollectorVersion | undefined {
  if (tag.length > MAX_VERSION_TAG_LENGTH) return undefined;
  const match = VERSION_TAG.exec(tag);
  if (!match) return undefined;
  return { tag, major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease: match[4] ?? '' };
}

/** The version of a release file named exactly `<type>-vX.Y.Z[-prerelease].zip`; undefined for any other name. */
export function versionOfReleaseFile(type: string, fileName: string): CollectorVersion | undefined {
  const prefix = `${type}-`;
  if (!fileName.startsWith(prefix) || !fileName.endsWith('.zip')) return undefined;
  return parseVersionTag(fileName.slice(prefix.length, -'.zip'.length));
}

/** The release file name of a version (the inverse of versionOfReleaseFile). */
export const releaseFileName = (type: string, version: CollectorVersion): string => `${type}-${version.tag}.zip`;

/** Semver precedence: negative when a comes before b. Equal precedence falls back to the tag, so order is total. */
export function compareVersions(a: CollectorVersion, b: CollectorVersion): number {
  return (
    a.major - b.major ||
    a.minor - b.minor ||
    a.patch - b.patch ||
    comparePrereleases(a.prerelease, b.prerelease) ||
    (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0)
  );
}

/** Newest first. */
export const newestFirst = (a: CollectorVersion, b: CollectorVersion): number => compareVersions(b, a);

/** The greatest final (non-prerelease) version; undefined when there is none. */
export function latestRelease<T extends CollectorVersion>(versions: readonly T[]): T | undefined {
  let latest: T | undefined;
  for (const version of versions) {
    if (version.prerelease !== '') continue;
    if (latest === undefined || compareVersions(version, latest) > 0) latest = version;
  }
  return latest;
}

/** A version is deprecated when its major is below the latest release's; with no final release, none is. */
export const isDeprecated = (version: CollectorVersion, latest: CollectorVersion | undefined): boolean =>
  latest !== undefined && version.major < latest.major;

/** Semver §11: a release outranks its prereleases; identifiers compare numerically, else in ASCII order. */
function comparePrereleases(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '') return 1;
  if (b === '') return -1;
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = compareIdentifiers(left[i], right[i]);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

const NUMERIC = /^\d+$/;

function compareIdentifiers(a: string, b: string): number {
  const aNumeric = NUMERIC.test(a);
  const bNumeric = NUMERIC.test(b);
  if (aNumeric && bNumeric) {
    // Digit strings of any length: the longer (without leading zeros) is the greater.
    const x = a.replace(/^0+(?=\d)/, '');
    const y = b.replace(/^0+(?=\d)/, '');
    return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
  }
  if (aNumeric) return -1;
  if (bNumeric) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
