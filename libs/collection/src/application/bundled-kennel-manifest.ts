/**
 * The community collector releases served when KENNEL_MANIFEST is unset, as the document a KENNEL_MANIFEST file
 * holds. It is a module (not a JSON file read at run time) so it ships inside the compiled output, which is all a
 * container image keeps; `libs/collection/assets/kennel-manifest.json` is the same document for operators to copy
 * and edit (a unit test keeps the two equal). The versions follow the public release series, but they and their
 * dates were written without access to the release pages (this service and its build never go online) and are not
 * verified; point KENNEL_MANIFEST at a maintained file for exact data. The service never fetches releases.
 */

const GITHUB = 'https://github.com/SpecterOps';

const asset = (repo: string, prefix: string, version: string, os: string, arch: string) => {
  const name = `${prefix}_${version}_${os}_${arch}.zip`;
  const downloadUrl = `${GITHUB}/${repo}/releases/download/${version}/${name}`;
  return { name, download_url: downloadUrl, checksum_download_url: `${downloadUrl}.sha256`, os, arch };
};

const release = (version: string, releaseDate: string, assets: ReturnType<typeof asset>[]) => {
  const [, major, minor, patch, prerelease = ''] = /^v(\d+)\.(\d+)\.(\d+)(?:-(.+))?$/.exec(version) ?? [];
  return {
    version,
    version_meta: { major: Number(major), minor: Number(minor), patch: Number(patch), prerelease },
    release_date: releaseDate,
    release_assets: assets,
  };
};

const sharpHound = (version: string, releaseDate: string) =>
  release(version, releaseDate, [asset('SharpHound', 'SharpHound', version, 'windows', 'x86')]);

const AZUREHOUND_PLATFORMS = [
  ['windows', 'amd64'], ['windows', 'arm64'], ['linux', 'amd64'], ['linux', 'arm64'], ['darwin', 'amd64'], ['darwin', 'arm64'],
] as const;

const azureHound = (version: string, releaseDate: string) =>
  release(version, releaseDate, AZUREHOUND_PLATFORMS.map(([os, arch]) => asset('AzureHound', 'AzureHound', version, os, arch)));

/** Newest first, as served. */
export const BUNDLED_KENNEL_MANIFEST = {
  sharphound: [
    sharpHound('v2.6.7', '2025-07-15T00:00:00Z'),
    sharpHound('v2.6.6', '2025-06-10T00:00:00Z'),
    sharpHound('v2.5.13', '2025-01-22T00:00:00Z'),
    sharpHound('v2.5.8', '2024-10-01T00:00:00Z'),
    sharpHound('v2.0.0', '2023-08-01T00:00:00Z'),
  ],
  azurehound: [
    azureHound('v2.6.0', '2025-07-01T00:00:00Z'),
    azureHound('v2.5.0', '2025-04-15T00:00:00Z'),
    azureHound('v2.4.1', '2025-02-04T00:00:00Z'),
    azureHound('v2.2.1', '2024-10-22T00:00:00Z'),
    azureHound('v2.0.0', '2023-08-01T00:00:00Z'),
  ],
};
