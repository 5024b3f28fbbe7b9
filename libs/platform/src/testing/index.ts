/** Helpers for tests, and internals e2e suites use (not exported from @app/platform, so never part of the service). */
export { apiErrorOf, apiErrorOfCall } from './api-error-of.js';
export { startEmbeddedPostgres } from '../database/embedded-postgres.js';
export { MAX_JSON_DEPTH } from '../http/json-text-scan.js';
