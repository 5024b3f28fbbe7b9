import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '@app/platform';
import {
  compareVersions,
  isDeprecated,
  latestRelease,
  versionOfReleaseFile,
  type CollectorVersion,
} from '../domain/collector-version.js';
import type { ClientType } from '../domain/records.js';
import { CollectorFiles, type OpenedCollectorFile } from './collector-files.js';

/** A servable release: a `<type>-<version>.zip` with a valid sibling `.sha256`. */
export interface CollectorRelease {
  version: CollectorVersion;
  /** The first whitespace-separated field of the checksum file: 64 hex digits, as written. */
  sha256sum: string;
  deprecated: boolean;
  fileName: string;
  checksumFileName: string;
  /** The checksum file's bytes as read when the folder was scanned (what the checksum download answers). */
  checksumFile: Buffer;
}

/** The releases of one collector type, newest first, and the greatest final release. */
export interface CollectorManifest {
  latest: CollectorRelease | undefined;
  releases: CollectorRelease[];
}

/** What a download path names: a version, or `latest`. */
export type ReleaseTag = CollectorVersion | 'latest';

/** A release zip opened for download. */
export interface CollectorDownload {
  fileName: string;
  file: OpenedCollectorFile;
}

/** A `.sha256` file is one line (`<hex>  <file name>`); anything much larger is not one. */
export const MAX_CHECKSUM_FILE_BYTES = 4096;
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

/**
 * Collector releases from the folder of each type (COLLECTORS_DIR/<type>/), scanned on every request so operators
 * can drop releases in without a restart. A zip without a readable checksum file holding a SHA-256 is left out
 * (logged): a client could not verify it. Downloads serve only files of the scanned manifest, by the names the
 * scan found; nothing from the request reaches a path.
 */
@Injectable()
export class CollectorReleases {
  private readonly logger = new Logger(CollectorReleases.name);
  private readonly reported = new Set<string>();

  constructor(private readonly files: CollectorFiles) {}

  async manifest(type: ClientType): Promise<CollectorManifest> {
    const names = await this.files.list(type);
    const present = new Set(names);
    const found = await Promise.all(names.map(async (fileName) => {
      const version = versionOfReleaseFile(type, fileName);
      return version === undefined ? undefined : this.release(type, fileName, version, present);
    }));
    const releases = found.filter((release): release is Omit<CollectorRelease, 'deprecated'> => release !== undefined);
    const latest = latestRelease(releases.map((release) => release.version));
    const manifest = releases
      .map((release) => ({ ...release, deprecated: isDeprecated(release.version, latest) }))
      .sort((a, b) => compareVersions(b.version, a.version));
    return { latest: manifest.find((release) => release.version === latest), releases: manifest };
  }

  /** The release a tag names; 404 when the manifest has no such version (or no final release for `latest`). */
  async find(type: ClientType, tag: ReleaseTag): Promise<CollectorRelease> {
    const { latest, releases } = await this.manifest(type);
    const release = tag === 'latest' ? latest : releases.find((candidate) => candidate.version.tag === tag.tag);
    if (release === undefined) throw ApiError.notFound();
    return release;
  }

  /** Opens the release zip a tag names; 404 when there is none or it vanished since the scan. */
  async download(type: ClientType, tag: ReleaseTag): Promise<CollectorDownload> {
    const release = await this.find(type, tag);
    const file = await this.files.open(type, release.fileName);
    if (file === undefined) throw ApiError.notFound();
    return { fileName: release.fileName, file };
  }

  private async release(
    type: ClientType, fileName: string, version: CollectorVersion, present: ReadonlySet<string>,
  ): Promise<Omit<CollectorRelease, 'deprecated'> | undefined> {
    const checksumFileName = `${fileName}.sha256`;
    const checksumFile = present.has(checksumFileName)
      ? await this.files.read(type, checksumFileName, MAX_CHECKSUM_FILE_BYTES)
      : undefined;
    if (checksumFile === undefined) return this.skip(type, fileName, `no readable ${checksumFileName}`);
    const sha256sum = checksumFile.toString('utf8').trim().split(/\s+/)[0] ?? '';
    if (!SHA256_HEX.test(sha256sum)) return this.skip(type, fileName, `${checksumFileName} does not start with a SHA-256 (64 hex digits)`);
    return { version, sha256sum, fileName, checksumFileName, checksumFile };
  }

  private skip(type: ClientType, fileName: string, reason: string): undefined {
    // Folders are scanned on every request: say it once per file and reason, or any caller could flood the log.
    const said = `${type}/${fileName}: ${reason}`;
    if (!this.reported.has(said)) {
      if (this.reported.size >= 1000) this.reported.clear();
      this.reported.add(said);
      this.logger.warn(`collector release ${type}/${fileName} is not served: ${reason}`);
    }
    return undefined;
  }
}
