import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError, BodyReader, ErrorMessages, UUID_PATTERN } from '@app/platform';
import type { ShareRequest } from '../domain/access-rules.js';
import type { SavedQueryDraft } from '../domain/saved-query.js';

// Read with the BodyReader (keys without regard to case, a field of the wrong JSON type is `error unmarshalling
// JSON payload`, as Go decodes them); the use cases check the values. The classes document the bodies.

/** POST /api/v2/saved-queries; PUT /api/v2/saved-queries/{id} (only the non-empty fields change). */
export class SavedQueryDto {
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Cypher, checked as POST /api/v2/graphs/cypher checks it' }) query: string;
  @ApiPropertyOptional() description?: string;
}

/** PUT /api/v2/saved-queries/{id}/permissions. */
export class SharePermissionsDto {
  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'users to share to (not with public: true)' })
  user_ids?: string[];
  @ApiPropertyOptional({ description: 'true: public (drops user shares); false with no user_ids: private' })
  public?: boolean;
}

/** DELETE /api/v2/saved-queries/{id}/permissions. */
export class UnsharePermissionsDto {
  @ApiProperty({ type: [String], format: 'uuid', description: 'users whose share to remove; [] removes every permission' })
  user_ids: string[];
}

/** The fields of a create or update body, "" when absent. */
export function readSavedQueryBody(raw: unknown): SavedQueryDraft {
  const body = BodyReader.of(raw, { foldCase: true });
  return { name: body.string('name') ?? '', query: body.string('query') ?? '', description: body.string('description') ?? '' };
}

/** user_ids: uuids (lower-cased); absent or null is none. */
function readUserIds(body: BodyReader): string[] {
  const ids = body.array('user_ids') ?? [];
  if (!ids.every((id): id is string => typeof id === 'string' && UUID_PATTERN.test(id))) {
    throw ApiError.badRequest(ErrorMessages.unmarshalJson);
  }
  return ids.map((id) => id.toLowerCase());
}

export function readShareBody(raw: unknown): ShareRequest {
  const body = BodyReader.of(raw, { foldCase: true });
  return { userIds: readUserIds(body), isPublic: body.boolean('public') ?? false };
}

export function readUnshareBody(raw: unknown): string[] {
  return readUserIds(BodyReader.of(raw, { foldCase: true }));
}
