import { newestFirst, parseVersionTag, type CollectorVersion } from './collector-version.js';
import { CLIENT_TYPES, type ClientType } from './records.js';

/** A downloadable file of a collector release (one per operating system and architecture). */
export interface ReleaseAsset {
  name: string;
  downloadUrl: string;
  checksumDownloadUrl: string;
  os: string;
  arch: string;
}

/** One published release of a collector. */
export interface CollectorPublication {
  version: CollectorVersion;
  releaseDate: Date;
  assets: ReleaseAsset[];
}

/** The community collectors' published releases (spec §2.2 "Collector release manifest"), newest first per type. */
export type ReleaseManifest = Record<ClientType, CollectorPublication[]>;

/** Why a manifest document was refused: `path` locates the value (`sharphound[2].release_date`). */
export class InvalidReleaseManifest extends Error {
  constructor(readonly path: string, readonly problem: string) {
    super(`${path === '' ? 'the manifest' : path} ${problem}`);
  }
}

/** Bounds that only a broken or hostile file reaches. */
const MAX_RELEASES = 1000;
const MAX_ASSETS = 100;
const MAX_TEXT = 2048;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const RELEASE_KEYS = ['version', 'version_meta', 'release_date', 'release_assets'];
const META_KEYS = ['major', 'minor', 'patch', 'prerelease'];
const ASSET_KEYS = ['name', 'download_url', 'checksum_download_url', 'os', 'arch'];

/**
 * Checks a parsed manifest document (the wire shape, as a KENNEL_MANIFEST file holds it) and reads it into domain
 * values, releases newest first. Every key is required and no other is accepted, so a typo fails loudly instead
 * of serving a manifest without the field. Throws InvalidReleaseManifest naming the first problem.
 */
export function parseReleaseManifest(document: unknown): ReleaseManifest {
  const root = object(document, '', CLIENT_TYPES);
  const manifest = {} as ReleaseManifest;
  for (const type of CLIENT_TYPES) {
    const releases = array(root[type], type, MAX_RELEASES).map((release, i) => publication(release, `${type}[${i}]`));
    const seen = new Map<string, number>();
    releases.forEach((release, i) => {
      const first = seen.get(release.version.tag);
      if (first !== undefined) throw new InvalidReleaseManifest(`${type}[${i}].version`, `repeats ${type}[${first}]'s version ${release.version.tag}`);
      seen.set(release.version.tag, i);
    });
    manifest[type] = releases.sort((a, b) => newestFirst(a.version, b.version));
  }
  return manifest;
}

function publication(value: unknown, path: string): CollectorPublication {
  const release = object(value, path, RELEASE_KEYS);
  const tag = text(release.version, `${path}.version`);
  const version = parseVersionTag(tag);
  if (version === undefined) throw new InvalidReleaseManifest(`${path}.version`, 'must be vX.Y.Z or vX.Y.Z-<prerelease>');
  const meta = object(release.version_meta, `${path}.version_meta`, META_KEYS);
  for (const part of ['major', 'minor', 'patch'] as const) {
    if (meta[part] !== version[part]) {
      throw new InvalidReleaseManifest(`${path}.version_meta.${part}`, `must be ${version[part]}, as in version ${tag}`);
    }
  }
  if (meta.prerelease !== version.prerelease) {
    throw new InvalidReleaseManifest(`${path}.version_meta.prerelease`, `must be ${JSON.stringify(version.prerelease)}, as in version ${tag}`);
  }
  const date = text(release.release_date, `${path}.release_date`);
  const releaseDate = new Date(date);
  if (!RFC3339.test(date) || Number.isNaN(releaseDate.getTime())) {
    throw new InvalidReleaseManifest(`${path}.release_date`, 'must be an RFC 3339 timestamp, e.g. 2025-01-31T00:00:00Z');
  }
  const assets = array(release.release_assets, `${path}.release_assets`, MAX_ASSETS).map((asset, i) => releaseAsset(asset, `${path}.release_assets[${i}]`));
  return { version, releaseDate, assets };
}

function releaseAsset(value: unknown, path: string): ReleaseAsset {
  const asset = object(value, path, ASSET_KEYS);
  return {
    name: text(asset.name, `${path}.name`),
    downloadUrl: url(asset.download_url, `${path}.download_url`),
    checksumDownloadUrl: url(asset.checksum_download_url, `${path}.checksum_download_url`),
    os: text(asset.os, `${path}.os`),
    arch: text(asset.arch, `${path}.arch`),
  };
}

function object(value: unknown, path: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidReleaseManifest(path, 'must be a JSON object');
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).find((key) => !keys.includes(key));
  if (unknown !== undefined) {
    throw new InvalidReleaseManifest(path, `has an unknown key ${JSON.stringify(unknown)} (the keys are ${keys.join(', ')})`);
  }
  const missing = keys.find((key) => !Object.hasOwn(record, key));
  if (missing !== undefined) throw new InvalidReleaseManifest(path, `lacks the key ${JSON.stringify(missing)}`);
  return record;
}

function array(value: unknown, path: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw new InvalidReleaseManifest(path, 'must be a JSON array');
  if (value.length > max) throw new InvalidReleaseManifest(path, `has more than ${max} entries`);
  return value;
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new InvalidReleaseManifest(path, 'must be a non-empty string');
  if (value.length > MAX_TEXT || /\p{Cc}/u.test(value)) {
    throw new InvalidReleaseManifest(path, `must be at most ${MAX_TEXT} characters without control characters`);
  }
  return value;
}

function url(value: unknown, path: string): string {
  const raw = text(value, path);
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new InvalidReleaseManifest(path, 'must be an absolute http(s) URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new InvalidReleaseManifest(path, 'must be an absolute http(s) URL');
  return raw;
}
