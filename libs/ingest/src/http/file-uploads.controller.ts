import { Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import {
  ApiAcceptedResponse, ApiCreatedResponse, ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, ApiQuery, ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import {
  AcceptsBody, ApiError, ApiErrors, ApiUploadBody, CurrentPrincipal, data, dataSchema, Int64Id, pageSchema,
  paginated, parseListQuery, type PathwardenRequest, Permissions, type Principal, type RawQuery, RequirePermission,
  spoolRequestBody,
} from '@app/platform';
import { IngestConfig } from '../ingest-config.js';
import { FileUploads } from '../application/file-uploads.js';
import { IngestErrors } from '../application/ingest-errors.js';
import { UPLOAD_JOB_LIST } from '../application/upload-job-list-spec.js';
import { bodyEncoding } from './content-encoding.js';
import { presentCompletedTask, presentUploadJob } from './presenters.js';
import { ACCEPTED_UPLOAD_TYPES, uploadKind, uploadName } from './upload-headers.js';
import { CompletedTaskView, FileUploadJobView } from './views.js';

const job = { $ref: getSchemaPath(FileUploadJobView) };

/** A path job id as a number; an int64 beyond 2^53 names no job that can exist. */
function jobId(text: string | number): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id)) throw ApiError.notFound();
  return id;
}

/** The file upload API (reference §4): jobs of uploaded collector files, ingested by the datapipe once ended. */
@ApiTags('File upload')
@ApiExtraModels(FileUploadJobView, CompletedTaskView)
@RequirePermission(Permissions.GraphDBIngest)
@Controller('file-upload')
export class FileUploadsController {
  constructor(private readonly uploads: FileUploads, private readonly config: IngestConfig) {}

  @Get()
  @ApiOperation({
    summary: 'File upload jobs, paginated',
    description: 'Filters: user_id, user_email_address, status_message (eq, ~eq, neq); status, id (integers); ' +
      'start_time, end_time, last_ingest, created_at, updated_at, deleted_at (timestamps). Sort by ' +
      'user_email_address, status, status_message, start_time, end_time, last_ingest, id, created_at, updated_at, deleted_at.',
  })
  @ApiQuery({ name: 'sort_by', required: false, isArray: true })
  @ApiOkResponse({ description: 'A page of jobs', schema: pageSchema({ type: 'array', items: job }) })
  @ApiErrors(400, 401, 403)
  async list(@Query() query: RawQuery) {
    const parsed = parseListQuery(UPLOAD_JOB_LIST, query);
    const page = await this.uploads.list(parsed);
    return paginated(page.items.map(presentUploadJob), { count: page.count, skip: parsed.skip, limit: parsed.limit });
  }

  @Get('accepted-types')
  @ApiOperation({ summary: 'The content types a file upload may have' })
  @ApiOkResponse({
    description: 'The accepted media types',
    schema: dataSchema({ type: 'array', items: { type: 'string', enum: [...ACCEPTED_UPLOAD_TYPES] } }),
  })
  @ApiErrors(401, 403)
  acceptedTypes() {
    return data([...ACCEPTED_UPLOAD_TYPES]);
  }

  @Post('start')
  @HttpCode(201)
  @ApiOperation({ summary: 'Start a file upload job for the caller (status 1, Running)' })
  @ApiCreatedResponse({ description: 'The new job', schema: dataSchema(job) })
  @ApiErrors(401, 403)
  async start(@CurrentPrincipal() principal: Principal) {
    return data(presentUploadJob(await this.uploads.start(principal.userId)));
  }

  @Post(':file_upload_job_id')
  @HttpCode(202)
  // Any type passes the generic body check; this route answers its own message for the types it refuses.
  @AcceptsBody('')
  @ApiOperation({
    summary: 'Upload one file (JSON or zip) to a Running job',
    description: 'Raw body; Content-Type application/json, application/zip, application/zip-compressed or ' +
      'application/x-zip-compressed (parameters allowed). X-File-Upload-Name names the file in reports. JSON is ' +
      'checked for meta.type and a data array; a zip against the archive limits (413 for size and ratio). 202, no body.',
  })
  @ApiHeader({ name: 'X-File-Upload-Name', required: false, description: 'the file name shown in the job\'s results' })
  @ApiUploadBody(ACCEPTED_UPLOAD_TYPES, 'A collector file (JSON) or a zip of them')
  @ApiAcceptedResponse({ description: 'Stored; ingested once the job ends. No body' })
  @ApiErrors(400, 401, 403, 404)
  async upload(@Int64Id('file_upload_job_id') id: string, @Req() req: PathwardenRequest) {
    // Checked first: a coded body's Content-Type describes what it decodes to (gzip is for client uploads only).
    if (bodyEncoding(req.headers['content-encoding']) !== 'identity') throw ApiError.badRequest(IngestErrors.contentEncoding);
    const kind = uploadKind(req.headers['content-type']);
    if (!kind) throw ApiError.badRequest(IngestErrors.contentType);
    await this.uploads.requireRunning(jobId(id));
    const body = await spoolRequestBody(req, this.config.maxUploadBytes);
    const name = uploadName(req.headers['x-file-upload-name'], kind);
    await this.uploads.upload(jobId(id), { ...body, kind, name });
  }

  @Post(':file_upload_job_id/end')
  @HttpCode(200)
  @ApiOperation({ summary: 'End a Running job: it becomes Ingesting (6)' })
  @ApiOkResponse({ description: 'Ended. Empty body' })
  @ApiErrors(400, 401, 403, 404)
  async end(@Int64Id('file_upload_job_id') id: string) {
    await this.uploads.end(jobId(id));
  }

  @Get(':file_upload_job_id/completed-tasks')
  @ApiOperation({ summary: 'Per-file results of a job (file_name, parent_file_name, errors, warnings)' })
  @ApiOkResponse({
    description: 'One result per ingested file',
    schema: dataSchema({ type: 'array', items: { $ref: getSchemaPath(CompletedTaskView) } }),
  })
  @ApiErrors(400, 401, 403, 404)
  async completedTasks(@Int64Id('file_upload_job_id') id: string) {
    return data((await this.uploads.completedTasks(jobId(id))).map(presentCompletedTask));
  }
}
