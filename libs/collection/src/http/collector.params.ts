import { ApiError } from '@app/platform';
import { CollectionErrors } from '../application/collection-errors.js';
import type { ReleaseTag } from '../application/collector-releases.js';
import { parseVersionTag } from '../domain/collector-version.js';
import { CLIENT_TYPES, type ClientType } from '../domain/records.js';

/** Most characters of a path value echoed back in a message. */
export const MAX_ECHOED_LENGTH = 64;

/** `collector_type`: sharphound or azurehound, else 400 `Invalid collector type: <value>`. */
export function readCollectorType(value: string): ClientType {
  if ((CLIENT_TYPES as readonly string[]).includes(value)) return value as ClientType;
  throw ApiError.badRequest(CollectionErrors.invalidCollectorType(echo(value)));
}

/** `release_tag`: `vX.Y.Z`, `vX.Y.Z-<prerelease>` or `latest`, else 400 (the value is not echoed). */
export function readReleaseTag(value: string): ReleaseTag {
  if (value === 'latest') return 'latest';
  const version = parseVersionTag(value);
  if (version === undefined) throw ApiError.badRequest(CollectionErrors.invalidReleaseTag);
  return version;
}

/**
 * A caller's value as a message may show it: control and format characters (newlines, escapes, bidi overrides)
 * dropped, at most MAX_ECHOED_LENGTH characters, so an error body or a log line cannot be forged or bloated.
 */
export function echo(value: string): string {
  const characters = [...value.replace(/[\p{Cc}\p{Cf}]/gu, '')];
  return characters.length > MAX_ECHOED_LENGTH ? `${characters.slice(0, MAX_ECHOED_LENGTH).join('')}...` : characters.join('');
}
