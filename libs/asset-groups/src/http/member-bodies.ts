import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError, BodyReader } from '@app/platform';
import {
  CERTIFICATION_ACTIONS, CERTIFICATION_NOTE_MAX_LENGTH, MAX_CERTIFIED_MEMBERS, type CertificationAction,
} from '../domain/certification.js';
import { MemberErrors } from '../application/asset-groups-errors.js';
import type { CertifyRequest } from '../application/certification-commands.js';

/**
 * POST /api/v2/asset-group-tags/certifications body. Documented here; read by `readCertifyBody` (the BodyReader)
 * rather than the validation pipe, because the reference checks the fields in a fixed order with one message each.
 */
export class CertifyMembersDto {
  @ApiProperty({
    type: [Number], format: 'int64', minItems: 1, maxItems: MAX_CERTIFIED_MEMBERS, example: [101, 102], description: 'graph node ids',
  })
  member_ids: number[];
  @ApiProperty({ enum: [1, 2], description: '1 revoke, 2 certify' }) action: number;
  @ApiPropertyOptional({ maxLength: CERTIFICATION_NOTE_MAX_LENGTH }) note?: string;
}

const actionInvalid = () => ApiError.badRequest(MemberErrors.certificationActionInvalid);
const memberIdsRequired = () => ApiError.badRequest(MemberErrors.memberIdsRequired);
const noteNotString = () => ApiError.badRequest(MemberErrors.noteNotString);

/**
 * The certification request, checked in the reference's order: a body that is not a JSON object, then the action
 * (not 1 or 2, whatever its type), then member_ids (missing, not an array, empty; more than MAX_CERTIFIED_MEMBERS;
 * then any element that is not an integer node id), then the note. Ids are exact up to 2^53, which bigserial node ids never pass.
 */
export function readCertifyBody(raw: unknown): CertifyRequest {
  const body = BodyReader.of(raw);
  const action = body.number('action', { missing: actionInvalid, wrongType: actionInvalid });
  if (!CERTIFICATION_ACTIONS.includes(action)) throw actionInvalid();
  const memberIds = body.array('member_ids', { missing: memberIdsRequired, wrongType: memberIdsRequired });
  if (memberIds.length === 0) throw memberIdsRequired();
  if (memberIds.length > MAX_CERTIFIED_MEMBERS) throw ApiError.badRequest(MemberErrors.memberIdsTooMany(MAX_CERTIFIED_MEMBERS));
  if (!memberIds.every((id) => typeof id === 'number' && Number.isSafeInteger(id))) {
    throw ApiError.badRequest(MemberErrors.memberIdsNotIntegers);
  }
  // JSON null is an absent note, as Go's decoder leaves the string empty.
  const note = body.string('note', { wrongType: noteNotString });
  if (note !== undefined && note.length > CERTIFICATION_NOTE_MAX_LENGTH) {
    throw ApiError.badRequest(MemberErrors.noteTooLong(CERTIFICATION_NOTE_MAX_LENGTH));
  }
  if (note?.includes('\u0000')) throw ApiError.badRequest(MemberErrors.noteNul);
  return {
    memberIds: (memberIds as number[]).map(String),
    action: action as CertificationAction,
    note: note !== undefined && note !== '' ? note : null,
  };
}
