import { describe, expect, it } from '@jest/globals';
import { literalOf } from './results.js';

describe('literalOf', () => {
  it.each([
    ['1', 1], ['1.5', 1.5], ['3.5000000000000000', 3.5], ['"a 1.0"', 'a 1.0'], ['true', true], ['null', null],
    ['[1, "x", {"a": 2}]', [1, 'x', { a: 2 }]], ['9007199254740991', 9007199254740991],
  ])('parses %s as JSON when no number changes', (text, expected) => {
    expect(literalOf(text)).toEqual(expected);
  });

  it.each([
    ['9007199254740993', '9007199254740993'], ['-9007199254740993', '-9007199254740993'], ['1.0', '1.0'],
    ['2.0000000000000000', '2.0'], ['[1.0, "a, b: 1.0", 9007199254740993]', '[1.0,"a, b: 1.0",9007199254740993]'],
    ['{"a": 1.0, "b": [2.50]}', '{"a":1.0,"b":[2.5]}'],
  ])('keeps %s as its exact compact JSON text when a number would change', (text, expected) => {
    expect(literalOf(text)).toBe(expected);
  });

  it('reads SQL NULL as null', () => {
    expect(literalOf(null)).toBeNull();
    expect(literalOf(undefined)).toBeNull();
  });
});
