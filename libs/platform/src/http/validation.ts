import { ArgumentMetadata, HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { ApiError } from '../common/api-error.js';
import { ARRAY_CAP } from './validators.js';

/**
 * Most messages one validation failure lists. A body of 70,000 bad array items would otherwise answer 140,000 (and
 * spreading them into one call overflowed the stack: a 500).
 */
export const MAX_VALIDATION_MESSAGES = 100;

/** Flattens class-validator errors (nested DTOs included) into one message per failed constraint. */
export function validationMessages(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) =>
      prefix ? message.replace(error.property, path) : message,
    );
    return [...own, ...validationMessages(error.children ?? [], path)];
  });
}

/**
 * The body with every array longer than its property's @ArrayMaxSize (or ArrayCap) cut to one item past the limit. class-transformer
 * and class-validator convert and check every item before the size rule fails: a 3 MB body of a million empty
 * selector seeds took 26 s and 1.3 GB, 9 MB ran the process out of memory. The cut array fails the same rule with
 * the same first messages, and never reaches a handler.
 */
function cutOversizedArrays(body: unknown, metatype: ArgumentMetadata['metatype']): unknown {
  if (!metatype || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  let cut: Record<string, unknown> | undefined;
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false)) {
    const value = (body as Record<string, unknown>)[rule.propertyName];
    const limit = Number(rule.constraints?.[0]);
    if ((rule.name !== 'arrayMaxSize' && rule.name !== ARRAY_CAP) || !Array.isArray(value) || value.length <= limit + 1) continue;
    cut ??= { ...body };
    cut[rule.propertyName] = value.slice(0, limit + 1);
  }
  return cut ?? body;
}

/**
 * Leaves path parameters as the raw strings: their own pipes (ParseIdPipe) validate them, and the default
 * conversion (`+value`) would turn `0x10` or `1e3` into valid-looking ids first. Cuts oversized body arrays first.
 */
class ApiValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    return super.transform(metadata.type === 'body' ? cutOversizedArrays(value, metadata.metatype) : value, metadata);
  }

  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

/**
 * Body validation for every route: unknown fields are dropped (existing clients send extras), values are
 * transformed to the DTO's types, and every failure is a 400 in the error body.
 */
export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    validateCustomDecorators: true,
    exceptionFactory: (errors) =>
      new ApiError(HttpStatus.BAD_REQUEST, validationMessages(errors).slice(0, MAX_VALIDATION_MESSAGES)),
  });
}
