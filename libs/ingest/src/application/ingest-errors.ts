/** The wire messages of the upload API and the job lifecycle (reference §4), asserted by the tests. */
export const IngestErrors = {
  contentType: 'Content type must be application/json or application/zip',
  clientContentType: 'Content type must be application/json, application/gzip or application/zip',
  /** The file upload API takes the file as it is: a coded body (gzip, ...) would be read as the file itself. */
  contentEncoding: 'Content encoding must be identity: upload the JSON or zip file as it is',
  clientContentEncoding: 'Content encoding must be gzip or identity',
  invalidFile: (reason: string) => `Error saving ingest file: ${reason}`,
  notRunning: 'job must be in running status to end',
  uploadNotRunning: 'job must be in running status to accept uploads',
  noRunningJob: 'the client has no running job: start a job before uploading its results',
  analyzing: 'Analyzing',
  complete: 'Complete',
  someFailed: (n: number | string) => `${n} File(s) failed to ingest as JSON Content`,
  allFailed: 'All files failed to ingest as JSON Content',
  analysisFailed: 'Analysis failed',
  timedOut: (minutes: number) =>
    `Ingest timeout: No ingest activity observed in ${minutes} minutes. Upload incomplete.`,
  tooManyAttempts: (attempts: number) =>
    `Ingest failed after ${attempts} attempts: the worker stopped before finishing each time`,
} as const;
