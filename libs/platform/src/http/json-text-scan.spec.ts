import { describe, expect, it } from '@jest/globals';
import { MAX_JSON_DEPTH, scanJsonText, withWellFormedStrings } from './json-text-scan.js';

const scan = (text: string, maxDepth?: number) => scanJsonText(Buffer.from(text, 'utf8'), maxDepth);
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('scanJsonText', () => {
  describe('nesting depth', () => {
    it(`accepts arrays and objects nested exactly ${MAX_JSON_DEPTH} deep`, () => {
      expect(scan(nested(MAX_JSON_DEPTH)).tooDeep).toBe(false);
      expect(scan(nestedObjects(MAX_JSON_DEPTH)).tooDeep).toBe(false);
    });

    it(`refuses one level more than ${MAX_JSON_DEPTH}, arrays or objects or both mixed`, () => {
      expect(scan(nested(MAX_JSON_DEPTH + 1)).tooDeep).toBe(true);
      expect(scan(nestedObjects(MAX_JSON_DEPTH + 1)).tooDeep).toBe(true);
      expect(scan('[{"a":'.repeat(33) + '1' + '}]'.repeat(33)).tooDeep).toBe(true);
    });

    it('counts the deepest point, not the number of containers', () => {
      const wide = `[${Array.from({ length: 1000 }, () => nested(3)).join(',')}]`;
      expect(scan(wide, 4).tooDeep).toBe(false);
      expect(scan(wide, 3).tooDeep).toBe(true);
    });

    it('stops at the limit without reading the rest (an unterminated body of 100,000 brackets)', () => {
      expect(scan('['.repeat(100_000)).tooDeep).toBe(true);
    });

    it('ignores brackets and braces inside strings', () => {
      expect(scan(`{"q":"${'[{'.repeat(100)}"}`, 2).tooDeep).toBe(false);
      expect(scan(`["${']]]]'}", ${nested(2)}]`, 3).tooDeep).toBe(false);
    });

    it('ends a string only at an unescaped quote', () => {
      // An escaped quote keeps the string open, so the brackets after it are text.
      expect(scan(String.raw`["a\"[[[[["]`, 1).tooDeep).toBe(false);
      // An escaped backslash does not escape the quote after it: the brackets after the string count.
      expect(scan(String.raw`["a\\", [[[]]]]`, 3).tooDeep).toBe(true);
      expect(scan(String.raw`["a\\\"[[[[", 1]`, 1).tooDeep).toBe(false);
    });

    it('reads multi-byte characters as text (no UTF-8 continuation byte looks like a bracket or quote)', () => {
      expect(scan(`["é€😀[", ${nested(1)}]`, 2).tooDeep).toBe(false);
      expect(scan(`["é€😀", ${nested(2)}]`, 2).tooDeep).toBe(true);
    });

    it('judges malformed text only by its depth (the parser refuses it afterwards)', () => {
      expect(scan(']]]][[', 2).tooDeep).toBe(false);
      expect(scan('["unterminated [[[[', 1).tooDeep).toBe(false);
    });
  });

  describe('unpaired surrogate escapes', () => {
    it.each([
      [String.raw`{"a":"\ud800"}`, 'a lone high surrogate'],
      [String.raw`{"a":"\uDC00x"}`, 'a lone low surrogate'],
      [String.raw`{"a":"\udbff\udbff"}`, 'two high surrogates'],
      [String.raw`{"a":"\ude00\ud83d"}`, 'a pair in the wrong order'],
      [String.raw`{"\ud800":1}`, 'a key'],
      [String.raw`{"a":"\ud83d"} `, 'a high surrogate at the end of its string'],
    ])('are found: %s (%s)', (text) => {
      expect(scan(text).unpairedSurrogate).toBe(true);
    });

    it.each([
      [String.raw`{"a":"\ud83d\ude00"}`, 'a pair'],
      [String.raw`{"a":"\uD83D\uDE00 \ud83d\ude01"}`, 'pairs in either case'],
      [String.raw`{"a":"\\ud800"}`, 'an escaped backslash before u'],
      [String.raw`{"a":"\u0041\ud7ff\ue000"}`, 'escapes next to the surrogate range'],
      ['{"a":"😀"}', 'a raw character outside the BMP'],
    ])('are not reported for %s (%s)', (text) => {
      expect(scan(text).unpairedSurrogate).toBe(false);
    });
  });
});

describe('withWellFormedStrings', () => {
  it('replaces lone surrogates with U+FFFD in strings and keys at any level, keeping pairs', () => {
    const body = JSON.parse(String.raw`{"a\ud800":["x\udc00", {"b":"\ud83d\ude00\ud83d"}], "n": 1, "t": true, "z": null}`);
    expect(withWellFormedStrings(body)).toEqual({ 'a\ufffd': ['x\ufffd', { b: '😀\ufffd' }], n: 1, t: true, z: null });
  });
});
