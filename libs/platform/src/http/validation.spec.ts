import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsInt, IsString, Validate, ValidateNested, ValidatorConstraint, type ValidatorConstraintInterface,
} from 'class-validator';
import { apiErrorOf } from '../testing/api-error-of.js';
import { createValidationPipe, MAX_VALIDATION_MESSAGES } from './validation.js';

let itemsChecked = 0;

/** Counts the array items class-validator walks. */
@ValidatorConstraint({ name: 'counted' })
class CountedItem implements ValidatorConstraintInterface {
  validate(): boolean {
    itemsChecked++;
    return true;
  }
}

class ItemDto {
  @Validate(CountedItem) @IsInt() type: number;
  @IsString() value: string;
}

class BoundedListDto {
  @ValidateNested({ each: true }) @Type(() => ItemDto) @ArrayMaxSize(10, { message: 'at most 10 items' }) @IsArray() items: ItemDto[];
}

class UnboundedListDto {
  @ValidateNested({ each: true }) @Type(() => ItemDto) @IsArray() items: ItemDto[];
}

const validate = (metatype: new () => object, body: unknown) => createValidationPipe().transform(body, { type: 'body', metatype });
const emptyItems = (n: number) => Array.from({ length: n }, () => ({}));

describe('createValidationPipe', () => {
  it('lists every failed constraint, nested ones under their path', async () => {
    const error = await apiErrorOf(validate(BoundedListDto, { items: [{ type: 'x', value: 'v' }] }));
    expect(error.status).toBe(400);
    expect(error.messages).toEqual(['items.0.type must be an integer number']);
  });

  it('answers 400 with the first messages, not 500, when 70,000 array items each fail', async () => {
    const error = await apiErrorOf(validate(UnboundedListDto, { items: emptyItems(70_000) }));
    expect(error.status).toBe(400);
    expect(error.messages).toHaveLength(MAX_VALIDATION_MESSAGES);
    expect(error.messages.slice(0, 2)).toEqual(['items.0.type must be an integer number', 'items.0.value must be a string']);
  });

  it('refuses an array past its @ArrayMaxSize without converting or checking the items beyond it', async () => {
    itemsChecked = 0;
    const error = await apiErrorOf(validate(BoundedListDto, { items: emptyItems(1_000_000) }));
    expect(error.status).toBe(400);
    expect(error.messages.slice(0, 3)).toEqual(['at most 10 items', 'items.0.type must be an integer number', 'items.0.value must be a string']);
    expect(error.messages.at(-1)).toBe('items.10.value must be a string');
    expect(itemsChecked).toBe(11);
  });

  it('hands a body within its limits to the handler whole', async () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ type: i, value: `v${i}` }));
    const body = await validate(BoundedListDto, { items });
    expect(body).toBeInstanceOf(BoundedListDto);
    expect((body as BoundedListDto).items).toEqual(items);
  });
});
