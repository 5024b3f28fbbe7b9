import type { CollectorManifest } from '../application/collector-releases.js';
import type { CollectorPublication, ReleaseManifest } from '../domain/release-manifest.js';
import type { CollectorManifestView, CollectorReleaseView, ReleaseManifestView } from './collector-views.js';

export function presentCollectorManifest(manifest: CollectorManifest): CollectorManifestView {
  return {
    latest: manifest.latest?.version.tag ?? '',
    versions: manifest.releases.map((release) => ({
      version: release.version.tag,
      sha256sum: release.sha256sum,
      deprecated: release.deprecated,
    })),
  };
}

export function presentReleaseManifest(manifest: ReleaseManifest): ReleaseManifestView {
  return { sharphound: manifest.sharphound.map(presentPublication), azurehound: manifest.azurehound.map(presentPublication) };
}

function presentPublication(release: CollectorPublication): CollectorReleaseView {
  const { tag, major, minor, patch, prerelease } = release.version;
  return {
    version: tag,
    version_meta: { major, minor, patch, prerelease },
    release_date: release.releaseDate.toISOString(),
    release_assets: release.assets.map((asset) => ({
      name: asset.name,
      download_url: asset.downloadUrl,
      checksum_download_url: asset.checksumDownloadUrl,
      os: asset.os,
      arch: asset.arch,
    })),
  };
}
