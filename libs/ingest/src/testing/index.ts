/** Fixtures of ingest, and internals its e2e suites use (tests only; never part of the service). */
export { extractZip, SAMPLE_ZIP, sampleDataDir } from './fixtures.js';
export { TaskQueue } from '../application/ports.js';
export { buildZip } from '../infrastructure/parsing/testing/zip-writer.js';
export { ARCHIVE_ERRORS } from '../infrastructure/parsing/zip-archive.js';
