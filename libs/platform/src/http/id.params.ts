import { Injectable, Param, PipeTransform } from '@nestjs/common';
import { UUID_PATTERN } from '../common/patterns.js';
import { ApiError } from '../common/api-error.js';
import { ErrorMessages } from '../common/error-messages.js';
import { INT32_MAX, INT64_MAX } from '../common/int-bounds.js';

type IdKind = 'int32' | 'int64' | 'uuid';

/** Validates a path id before any database access: malformed or out of range → `id is malformed`. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number | string> {
  constructor(private readonly kind: IdKind, private readonly status: 400 | 404 = 400) {}

  transform(value: string): number | string {
    if (this.kind === 'uuid') {
      if (UUID_PATTERN.test(value)) return value.toLowerCase();
    } else if (/^[0-9]{1,19}$/.test(value) && BigInt(value) <= (this.kind === 'int32' ? INT32_MAX : INT64_MAX)) {
      return this.kind === 'int32' ? Number(value) : value.replace(/^0+(?=\d)/, '');
    }
    throw this.status === 404 ? ApiError.notFound(ErrorMessages.idMalformed) : ApiError.badRequest(ErrorMessages.idMalformed);
  }
}

/** `@IntId('name')`: an int32 path id. */
export const IntId = (name: string, malformedStatus: 400 | 404 = 400) => Param(name, new ParseIdPipe('int32', malformedStatus));
/** `@Int64Id('name')`: an int64 path id, as a decimal string (exact beyond 2^53). */
export const Int64Id = (name: string, malformedStatus: 400 | 404 = 400) => Param(name, new ParseIdPipe('int64', malformedStatus));
/** `@UuidId('name')`: a uuid path id, lower-cased. */
export const UuidId = (name: string) => Param(name, new ParseIdPipe('uuid'));
