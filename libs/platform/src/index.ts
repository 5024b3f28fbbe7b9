export { UUID_PATTERN } from './common/patterns.js';
export { type Permission, Permissions } from './common/permissions.js';
export { INT16_MAX, INT16_MIN, INT32_MAX, INT64_MAX, INT64_MIN, isInt32 } from './common/int-bounds.js';
export { AppConfig, loadConfig } from './config/app-config.js';
export { ConfigError } from './config/config-error.js';
export { type ConfigSlice, defineConfigSlice } from './config/config-slice.js';
export { ConfigModule } from './config/config.module.js';
export { readConfiguration } from './config/configuration.js';
export {
  currentSignal, remainingMs, runUncancellable, runWithDeadlineAtLeast, runWithDeadlineCap, runWithRequestContext,
} from './context/request-context.js';
export { SecretCipher } from './crypto/secret-cipher.js';
export { dataSourceOptions, type MigrationClass } from './database/data-source-options.js';
export { Database, pgConstraint, pgErrorCode, PgErrorCodes, type TransactionOptions } from './database/database.js';
export { ANALYSIS_LOCK_KEY, withAdvisoryLock } from './database/advisory-lock.js';
export { backupDatabase, BackupError, type BackupManifest, restoreDatabase } from './database/backup.js';
export {
  DatabaseModule, EMBEDDED_POSTGRES, EmbeddedPostgresError, type EmbeddedPostgresHandle, platformMigrations,
  stopStartedPostgres,
} from './database/database.module.js';
export { joinSql, param, raw, sql, Sql, SqlParam } from './database/sql.js';
export { dateOf, optionalDate, optionalNumber, optionalString, type Row } from './database/rows.js';
export { isUnreachableDatabaseError } from './database/connect-with-retry.js';
export {
  ACCESS_METADATA, Authenticated, CurrentPrincipal, EnterpriseOnly, type Principal, PRINCIPAL_KEY, Public,
  RequirePermission, type RouteAccess,
} from './http/access.js';
export { ApiError } from './common/api-error.js';
export { BodyReader, type BodyReaderOptions } from './http/body-reader.js';
export { AcceptsBody, MalformedJsonMessage } from './http/body-types.js';
export { configureHttp, useApiPrefix } from './http/configure-app.js';
export { Deprecated } from './http/deprecated.js';
export { data, paginated } from './http/envelope.js';
export { ErrorMessages } from './common/error-messages.js';
export { HttpPlatformModule } from './http/http-platform.module.js';
export { Int64Id, IntId, UuidId } from './http/id.params.js';
export {
  ApiErrors, ApiUploadBody, createOpenApiDocument, dataSchema, pageSchema, setupOpenApi,
} from './http/openapi.js';
export {
  isRawBodyRequest, type PathwardenRequest, spoolRequestBody, uploadTooLarge, UPLOAD_DIR_PREFIX,
} from './http/request-pipeline.js';
export { ArrayCap, hasRequestBody, NoNul } from './http/validators.js';
export {
  bloodhoundKeys, nullBool, type NullBool, nullInt32, type NullInt32, nullInt64, nullString, type NullString, nullTime,
  type NullTime, nullUuid, timestamp, ZERO_TIME, ZERO_UUID,
} from './http/wire.js';
export { AppLogger } from './logging/app-logger.js';
export { LoggingModule } from './logging/logging.module.js';
export { type Counter, type Histogram, Metrics } from './metrics/metrics.js';
export { MetricsServer } from './metrics/metrics-server.js';
export { MetricsModule } from './metrics/metrics.module.js';
export {
  applyListFilters, applyListQuery, type ColumnSpec, compileFilters, defineListSpec, type ListQuery, type ListSpec,
  paramValues, parseListQuery, parseRfc3339, type RawQuery, readPaging, recordTimestampFilters, type SortSpec,
} from './query/index.js';
export {
  NullInt32Schema, NullInt64Schema, NullStringSchema, NullTimeSchema, NullUUIDSchema,
} from './http/wire-schemas.js';
export { Clock } from './common/clock.js';
export { bindAndRelease, freePort } from './common/ports.js';
export { BackgroundTicks } from './common/background-ticks.js';
export {
  RawBodyLimit, type SigningKey, SigningKeyRegistry, SigningKeysModule, SigningKeySource,
} from './http/signing-keys.js';
