import { ArgumentMetadata, HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from './api-error.js';

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
 * Leaves path parameters as the raw strings: their own pipes (ParseIdPipe) validate them, and the default
 * conversion (`+value`) would turn `0x10` or `1e3` into valid-looking ids first.
 */
class ApiValidationPipe extends ValidationPipe {
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
