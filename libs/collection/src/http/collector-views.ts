import { ApiProperty } from '@nestjs/swagger';

/** One release in COLLECTORS_DIR (spec §2.2 "Collector version manifest"). */
export class CollectorVersionView {
  @ApiProperty({ example: 'v2.10.0' }) version: string;
  @ApiProperty({ description: 'SHA-256 of the zip, from its .sha256 file' }) sha256sum: string;
  @ApiProperty({ description: 'true when the major version is below the latest release\'s' }) deprecated: boolean;
}

export class CollectorManifestView {
  @ApiProperty({ example: 'v2.10.0', description: 'the greatest non-prerelease version; "" when there is none' }) latest: string;
  @ApiProperty({ type: [CollectorVersionView], description: 'newest first (semantic version order)' }) versions: CollectorVersionView[];
}

export class VersionMetaView {
  @ApiProperty() major: number;
  @ApiProperty() minor: number;
  @ApiProperty() patch: number;
  @ApiProperty({ example: 'rc1', description: '"" for a final release' }) prerelease: string;
}

export class ReleaseAssetView {
  @ApiProperty({ example: 'SharpHound_v2.6.7_windows_x86.zip' }) name: string;
  @ApiProperty() download_url: string;
  @ApiProperty() checksum_download_url: string;
  @ApiProperty({ example: 'windows' }) os: string;
  @ApiProperty({ example: 'x86' }) arch: string;
}

export class CollectorReleaseView {
  @ApiProperty({ example: 'v2.6.7' }) version: string;
  @ApiProperty({ type: VersionMetaView }) version_meta: VersionMetaView;
  @ApiProperty({ format: 'date-time' }) release_date: string;
  @ApiProperty({ type: [ReleaseAssetView] }) release_assets: ReleaseAssetView[];
}

/** Spec §2.2 "Collector release manifest": releases newest first per collector type. */
export class ReleaseManifestView {
  @ApiProperty({ type: [CollectorReleaseView] }) sharphound: CollectorReleaseView[];
  @ApiProperty({ type: [CollectorReleaseView] }) azurehound: CollectorReleaseView[];
}
