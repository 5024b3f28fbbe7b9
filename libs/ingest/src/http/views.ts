import { ApiProperty } from '@nestjs/swagger';
import { NullTimeSchema } from '@app/platform';

/** OpenAPI schema of a file upload job (presentUploadJob). */
export class FileUploadJobView {
  @ApiProperty({ format: 'int64' }) id: number;
  @ApiProperty({ description: 'the uploading user\'s id; "" when that user is gone' }) user_id: string;
  @ApiProperty({ type: String, nullable: true }) user_email_address: string | null;
  @ApiProperty({
    description: '1 running, 2 complete, 3 canceled, 4 timed out, 5 failed, 6 ingesting, 7 analyzing, 8 partially complete',
  })
  status: number;
  @ApiProperty() status_message: string;
  @ApiProperty({ format: 'date-time' }) start_time: string;
  @ApiProperty({ format: 'date-time', description: 'the zero time until the job ends' }) end_time: string;
  @ApiProperty({ format: 'date-time', description: 'when its latest file was uploaded; start_time before the first' })
  last_ingest: string;
  @ApiProperty() total_files: number;
  @ApiProperty() failed_files: number;
  @ApiProperty() partial_failed_files: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
}

/** OpenAPI schema of one ingested file's result (presentCompletedTask). */
export class CompletedTaskView {
  @ApiProperty({ format: 'int64' }) id: number;
  @ApiProperty({ format: 'int64' }) file_upload_job_id: number;
  @ApiProperty({ description: 'X-File-Upload-Name of the upload, or the member name inside a zip' }) file_name: string;
  @ApiProperty({ description: 'the zip the file came from; "" for a loose upload' }) parent_file_name: string;
  @ApiProperty({ type: [String] }) errors: string[];
  @ApiProperty({ type: [String] }) warnings: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
}
