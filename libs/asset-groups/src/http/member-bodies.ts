import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError, ErrorMessages } from '@app/platform';
import {
  CERTIFICATION_ACTIONS, CERTIFICATION_NOTE_MAX_LENGTH, MAX_CERTIFIED_MEMBERS, type CertificationAction,
} from '../domain/certification.js';
import { MemberErrors } from '../application/asset-groups-errors.js';
import type { CertifyRequest } from '../application/certification-commands.js';

/**
 * POST /api/v2/asset-group-tags/certifications body. Documented here; read by `readCertifyBody` rather than the
 * validation pipe, because the reference checks the fields in a fixed order with one message each.
 */
export class CertifyMembersDto {
  @ApiProperty({
    type: [Number], format: 'int64', minItems: 1, maxItems: MAX_CERTIFIED_MEMBERS, example: [101, 102], description: 'graph node ids',
  })
  member_ids: number[];
  @ApiProperty({ enum: [1, 2], description: '1 revoke, 2 certify' }) action: number;
  @ApiPropertyOptional({ maxLength: CERTIFICATION_NOTE_MAX_LENGTH }) note?: string;
}

/**
 * The certification request, checked in the reference's order: a body that is not a JSON object, then the action
 * (not 1 or 2, whatever its type), then member_ids (missing, not an array, empty; more than MAX_CERTIFIED_MEMBERS;
 * then any element that is not an integer node id), then the note. Ids are exact up to 2^53, which bigserial node ids never pass.
 */
export function readCertifyBody(body: unknown): CertifyRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw ApiError.badRequest(ErrorMessages.unmarshalJson);
  const { action, member_ids: memberIds, note } = body as Record<string, unknown>;
  if (typeof action !== 'number' || !CERTIFICATION_ACTIONS.includes(action)) {
    throw ApiError.badRequest(MemberErrors.certificationActionInvalid);
  }
  if (!Array.isArray(memberIds) || memberIds.length === 0) throw ApiError.badRequest(MemberErrors.memberIdsRequired);
  if (memberIds.length > MAX_CERTIFIED_MEMBERS) throw ApiError.badRequest(MemberErrors.memberIdsTooMany(MAX_CERTIFIED_MEMBERS));
  if (!memberIds.every((id) => typeof id === 'number' && Number.isSafeInteger(id))) {
    throw ApiError.badRequest(MemberErrors.memberIdsNotIntegers);
  }
  // JSON null is an absent note, as Go's decoder leaves the string empty.
  if (note !== undefined && note !== null && typeof note !== 'string') throw ApiError.badRequest(MemberErrors.noteNotString);
  if (typeof note === 'string' && note.length > CERTIFICATION_NOTE_MAX_LENGTH) {
    throw ApiError.badRequest(MemberErrors.noteTooLong(CERTIFICATION_NOTE_MAX_LENGTH));
  }
  if (typeof note === 'string' && note.includes('\u0000')) throw ApiError.badRequest(MemberErrors.noteNul);
  return {
    memberIds: (memberIds as number[]).map(String),
    action: action as CertificationAction,
    note: typeof note === 'string' && note !== '' ? note : null,
  };
}
