import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  AcceptsBody, ApiError, ApiErrors, ApiUploadBody, CurrentPrincipal, EnterpriseOnly,
  type PathwardenRequest, Permissions, type Principal, RequirePermission, spoolRequestBody,
} from '@app/platform';
import { IngestConfig } from '../ingest-config.js';
import { ClientUploads } from '../application/client-uploads.js';
import { IngestErrors } from '../application/ingest-errors.js';
import { bodyEncoding } from './content-encoding.js';
import { CLIENT_UPLOAD_TYPES, clientUploadKind, uploadName } from './upload-headers.js';

/** A collection client uploads its results, tied to its RUNNING job. Signed client requests only (users get 404). */
@ApiTags('Client flow')
@ApiSecurity('signature')
@EnterpriseOnly()
@RequirePermission(Permissions.ClientsTasking)
@Controller()
export class ClientIngestController {
  constructor(private readonly uploads: ClientUploads, private readonly config: IngestConfig) {}

  @Post('ingest')
  @HttpCode(202)
  // Any type passes the generic body check; this route answers its own message for the types it refuses.
  @AcceptsBody('')
  @ApiOperation({
    summary: 'Upload collected data (JSON, gzip-compressed JSON or zip) for the calling client\'s RUNNING job',
    description: 'Raw body, covered by the signature. Gzip: Content-Encoding gzip or Content-Type application/gzip. ' +
      'No RUNNING job: 400. Sets the job\'s last_ingest. 202, no body. Client-only: users get 404.',
  })
  @ApiHeader({ name: 'X-File-Upload-Name', required: false, description: 'the file name shown in the job\'s results' })
  @ApiUploadBody(CLIENT_UPLOAD_TYPES, 'Collected data: a collector file (JSON), gzip-compressed JSON or a zip of files')
  @ApiAcceptedResponse({ description: 'Stored for the RUNNING job; ingested by the datapipe. No body' })
  @ApiErrors(400, 401, 403, 404)
  async ingest(@Req() req: PathwardenRequest, @CurrentPrincipal() principal: Principal) {
    if (principal.via !== 'client' || principal.clientId === undefined) throw ApiError.notFound();
    // Checked first: a coded body's Content-Type describes what it decodes to.
    if (bodyEncoding(req.headers['content-encoding']) === 'unsupported') throw ApiError.badRequest(IngestErrors.clientContentEncoding);
    const kind = clientUploadKind(req.headers['content-type'], req.headers['content-encoding']);
    if (!kind) throw ApiError.badRequest(IngestErrors.clientContentType);
    const body = await spoolRequestBody(req, this.config.maxUploadBytes);
    await this.uploads.upload(principal.clientId, { ...body, kind, name: uploadName(req.headers['x-file-upload-name'], kind) });
  }
}
