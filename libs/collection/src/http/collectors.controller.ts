import { Controller, Get, Param, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Authenticated, data } from '@app/platform';
import { CollectorReleases } from '../application/collector-releases.js';
import { KennelManifest } from '../application/kennel-manifest.js';
import { CLIENT_TYPES } from '../domain/records.js';
import { presentCollectorManifest, presentReleaseManifest } from './collector-presenters.js';
import { CollectorManifestView, ReleaseManifestView } from './collector-views.js';
import { readCollectorType, readReleaseTag } from './collector.params.js';

const TYPE_PARAM = { name: 'collector_type', enum: CLIENT_TYPES };
const TAG_PARAM = { name: 'release_tag', description: '`vX.Y.Z`, `vX.Y.Z-<prerelease>` or `latest` (the greatest final release)' };
const BINARY = { schema: { type: 'string', format: 'binary' } } as const;

/** Release file names come from the folder scan (`<type>-vX.Y.Z[-pre].zip[.sha256]`): nothing to escape. */
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** Collector manifests and downloads, and the kennel manifest: any authenticated caller, both editions. */
@ApiTags('Collectors')
@Controller()
export class CollectorsController {
  constructor(private readonly releases: CollectorReleases, private readonly kennel: KennelManifest) {}

  @Get('collectors/:collector_type')
  @Authenticated()
  @ApiOperation({
    summary: 'Versions of a collector available for download',
    description:
      'From COLLECTORS_DIR/<type>/ (scanned on each request): every `<type>-vX.Y.Z[-prerelease].zip` with a sibling ' +
      '`.sha256` whose first field is a SHA-256 (a zip without one is not listed). Newest first by semantic version; ' +
      '`latest` is the greatest non-prerelease ("" when none); `deprecated` marks versions below the latest major. A ' +
      'missing folder gives `{"latest": "", "versions": []}`.',
  })
  @ApiParam(TYPE_PARAM)
  @ApiOkResponse({ type: CollectorManifestView, description: '`{"data": {latest, versions}}`' })
  @ApiErrors(400, 401)
  async manifest(@Param('collector_type') type: string) {
    return data(presentCollectorManifest(await this.releases.manifest(readCollectorType(type))));
  }

  @Get('collectors/:collector_type/:release_tag')
  @Authenticated()
  @ApiOperation({
    summary: 'Download a collector release',
    description: 'The zip of a version listed by GET /api/v2/collectors/{collector_type}; any other version is 404.',
  })
  @ApiParam(TYPE_PARAM)
  @ApiParam(TAG_PARAM)
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ ...BINARY, description: 'The zip, as an attachment named `<type>-<version>.zip`' })
  @ApiErrors(400, 401, 404)
  async download(@Param('collector_type') type: string, @Param('release_tag') tag: string): Promise<StreamableFile> {
    const { fileName, file } = await this.releases.download(readCollectorType(type), readReleaseTag(tag));
    return new StreamableFile(file.stream, { type: 'application/octet-stream', disposition: attachment(fileName), length: file.size });
  }

  @Get('collectors/:collector_type/:release_tag/checksum')
  @Authenticated()
  @ApiOperation({ summary: 'Download the checksum file of a collector release', description: 'The `.sha256` file as stored.' })
  @ApiParam(TYPE_PARAM)
  @ApiParam(TAG_PARAM)
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ ...BINARY, description: 'The checksum file, as an attachment named `<type>-<version>.zip.sha256`' })
  @ApiErrors(400, 401, 404)
  async checksum(@Param('collector_type') type: string, @Param('release_tag') tag: string): Promise<StreamableFile> {
    const release = await this.releases.find(readCollectorType(type), readReleaseTag(tag));
    return new StreamableFile(release.checksumFile, { type: 'application/octet-stream', disposition: attachment(release.checksumFileName) });
  }

  @Get('kennel/manifest')
  @Authenticated()
  @ApiOperation({
    summary: 'Releases of the community collectors',
    description:
      'SharpHound and AzureHound releases, newest first, with their download and checksum URLs: the KENNEL_MANIFEST ' +
      'file (checked at start) or the bundled manifest. The service itself fetches nothing.',
  })
  @ApiOkResponse({ type: ReleaseManifestView, description: '`{"data": {sharphound: [Release], azurehound: [Release]}}`' })
  @ApiErrors(401)
  manifestOfReleases() {
    return data(presentReleaseManifest(this.kennel.current()));
  }
}
