import { CallHandler, ExecutionContext, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { ApiError } from '@app/platform';
import { catchError, throwError, type Observable } from 'rxjs';
import { SamlMetadataErrors } from '../domain/saml-metadata.js';

/**
 * Wraps the multipart upload of SAML metadata: a file over the limit (refused by multer while streaming) answers
 * the same 400 as oversized metadata sent in JSON.
 */
@Injectable()
export class SamlMetadataUploadErrors implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) =>
        throwError(() => (error instanceof PayloadTooLargeException ? ApiError.badRequest(SamlMetadataErrors.tooLarge) : error)),
      ),
    );
  }
}
