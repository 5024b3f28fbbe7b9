import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsString, ValidateNested } from 'class-validator';
import { apiErrorOf } from '../testing/api-error-of.js';
import { createValidationPipe, MAX_VALIDATION_MESSAGES } from './validation.js';

class ItemDto {
  @IsInt() type: number;
  @IsString() value: string;
}

class ListDto {
  @ValidateNested({ each: true }) @Type(() => ItemDto) @ArrayMaxSize(10, { message: 'at most 10 items' }) @IsArray() items: ItemDto[];
}

const validate = (body: unknown) => createValidationPipe().transform(body, { type: 'body', metatype: ListDto });

describe('createValidationPipe', () => {
  it('lists every failed constraint, nested ones under their path', async () => {
    const error = await apiErrorOf(validate({ items: [{ type: 'x', value: 'v' }] }));
    expect(error.getStatus()).toBe(400);
    expect(error.messages).toEqual(['items.0.type must be an integer number']);
  });

  it('answers 400 with the first messages, not 500, when 70,000 array items each fail', async () => {
    const error = await apiErrorOf(validate({ items: Array.from({ length: 70_000 }, () => ({})) }));
    expect(error.getStatus()).toBe(400);
    expect(error.messages).toHaveLength(MAX_VALIDATION_MESSAGES);
    expect(error.messages.slice(0, 3)).toEqual([
      'at most 10 items', 'items.0.type must be an integer number', 'items.0.value must be a string',
    ]);
  });
});
