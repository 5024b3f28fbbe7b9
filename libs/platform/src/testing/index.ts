/** Helpers for unit tests only (not exported from @app/platform, so never part of the service). */
export * from './api-error-of.js';
