import { describe, expect, it } from '@jest/globals';
import { CypherError, MAX_QUERY_TOKENS, TOO_MANY_TOKENS } from './errors.js';
import { tokenize, type Token } from './lexer.js';

const kinds = (text: string) => tokenize(text).map((t) => [t.kind, t.text]);
const values = (text: string) => tokenize(text).slice(0, -1).map((t: Token) => t.value ?? t.text);

function lexError(text: string): string {
  try {
    tokenize(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CypherError);
    return (error as CypherError).message;
  }
  throw new Error(`tokenized: ${text}`);
}

describe('tokenize', () => {
  it('keeps words as identifiers so that keywords are matched case-insensitively by the parser', () => {
    expect(kinds('match (n) RETURN n')).toEqual([
      ['ident', 'match'], ['symbol', '('], ['ident', 'n'], ['symbol', ')'], ['ident', 'RETURN'], ['ident', 'n'],
      ['eof', ''],
    ]);
  });

  it('reads backtick names with doubled backticks as escapes', () => {
    expect(kinds('`my var` `a``b`')).toEqual([['quotedIdent', 'my var'], ['quotedIdent', 'a`b'], ['eof', '']]);
  });

  it('unescapes single- and double-quoted strings', () => {
    expect(values(String.raw`'it\'s' "say \"hi\"" 'a\\b' '\n\t' '\u00e9' "x'y" 'x"y'`)).toEqual([
      "it's", 'say "hi"', 'a\\b', '\n\t', 'é', "x'y", 'x"y',
    ]);
  });

  it('reads decimal, hexadecimal and octal integers', () => {
    expect(tokenize('42 0x1F 0o17').slice(0, 3).map((t) => [t.kind, t.value])).toEqual([
      ['integer', 42], ['integer', 31], ['integer', 15],
    ]);
  });

  it('reads floats with a fraction, a leading dot or an exponent', () => {
    expect(tokenize('1.0 .5 1e3 2.5E-1').slice(0, 4).map((t) => [t.kind, t.value])).toEqual([
      ['float', 1], ['float', 0.5], ['float', 1000], ['float', 0.25],
    ]);
  });

  it('splits a range so that `1..3` is two integers around `..`', () => {
    expect(kinds('*1..3 *..')).toEqual([
      ['symbol', '*'], ['integer', '1'], ['symbol', '..'], ['integer', '3'], ['symbol', '*'], ['symbol', '..'],
      ['eof', ''],
    ]);
  });

  it('skips line and block comments anywhere', () => {
    expect(kinds('RETURN /* a\n b */ 1 // done\n// more')).toEqual([['ident', 'RETURN'], ['integer', '1'], ['eof', '']]);
  });

  it('does not read a comment inside a string', () => {
    expect(values("'a // b' '/* c */'")).toEqual(['a // b', '/* c */']);
  });

  it('reads $parameters as one token for the parser to refuse', () => {
    expect(kinds('$name $0')).toEqual([['param', '$name'], ['param', '$0'], ['eof', '']]);
  });

  it('reads multi-character operators as one symbol', () => {
    expect(kinds('<> <= >= =~').slice(0, 4).map(([, text]) => text)).toEqual(['<>', '<=', '>=', '=~']);
  });

  it('gives every token its 1-based line and 0-based column', () => {
    const [match, node, ret] = tokenize('MATCH\n  (n)\r\nRETURN n').filter((t) => t.kind === 'ident');
    expect([match.pos, node.pos, ret.pos]).toEqual([
      { line: 1, column: 0 }, { line: 2, column: 3 }, { line: 3, column: 0 },
    ]);
  });

  it('records source offsets so that a projection keeps its text', () => {
    const [, name] = tokenize('RETURN n.name');
    expect([name.start, name.end]).toEqual([7, 8]);
  });

  it('answers a positioned error for an unterminated string', () => {
    expect(lexError("MATCH (n)\nWHERE n.name = 'abc")).toBe('line 2:15 unterminated string literal');
  });

  it('answers a positioned error for an unterminated block comment', () => {
    expect(lexError('RETURN 1 /* never closed')).toBe('line 1:9 unterminated comment');
  });

  it('answers a positioned error for an unterminated backtick name', () => {
    expect(lexError('RETURN `abc')).toBe('line 1:7 unterminated quoted name');
  });

  it('refuses an unknown escape sequence', () => {
    expect(lexError(String.raw`RETURN 'a\d'`)).toBe(String.raw`line 1:9 invalid escape sequence '\d' in string literal`);
  });

  it('refuses a malformed unicode escape', () => {
    expect(lexError(String.raw`RETURN '\u12'`)).toBe(String.raw`line 1:8 invalid escape sequence '\u12' in string literal`);
  });

  it('refuses the NUL character in a quoted name, which no stored kind or property name can hold', () => {
    expect(lexError('MATCH (n:`\u0000`) RETURN n')).toBe('line 1:9 a quoted name cannot contain the NUL character');
    expect(lexError('MATCH (n) RETURN n.`a\u0000b`')).toBe('line 1:19 a quoted name cannot contain the NUL character');
  });

  it('refuses the NUL character in a string literal, written as is or as an escape', () => {
    expect(lexError("RETURN 'a\u0000'")).toBe('line 1:7 a string literal cannot contain the NUL character');
    expect(lexError(String.raw`MATCH (n) WHERE n.name = "\u0000" RETURN n`))
      .toBe('line 1:25 a string literal cannot contain the NUL character');
    expect(lexError(String.raw`RETURN '\U00000000'`)).toBe('line 1:7 a string literal cannot contain the NUL character');
  });

  it('reads a surrogate pair written as two escapes as one character', () => {
    expect(values(String.raw`'\ud83d\ude00' '\uD83D\uDE00!'`)).toEqual(['😀', '😀!']);
  });

  it('refuses an escape of half a surrogate pair on its own', () => {
    expect(lexError(String.raw`RETURN '\ud800'`)).toBe(String.raw`line 1:8 invalid escape sequence '\ud800' in string literal`);
    expect(lexError(String.raw`RETURN 'a\udc00'`)).toBe(String.raw`line 1:9 invalid escape sequence '\udc00' in string literal`);
    expect(lexError(String.raw`RETURN '\ud83d\ud83d'`)).toBe(String.raw`line 1:8 invalid escape sequence '\ud83d' in string literal`);
    expect(lexError(String.raw`RETURN '\U0000D800'`)).toBe(String.raw`line 1:8 invalid escape sequence '\U0000D800' in string literal`);
  });

  it('refuses characters that are not Cypher', () => {
    expect(lexError('MATCH (n) WHERE n.a != 1')).toBe("line 1:20 unexpected character '!'");
  });

  it('reads characters outside the BMP whole, in names and strings', () => {
    expect(kinds("𝑥 RETURN '𝑥 and 😀' `a😀b`")).toEqual([
      ['ident', '𝑥'], ['ident', 'RETURN'], ['string', '𝑥 and 😀'], ['quotedIdent', 'a😀b'], ['eof', ''],
    ]);
    expect(kinds('n𝑥1')).toEqual([['ident', 'n𝑥1'], ['eof', '']]);
  });

  it('reports an unexpected character outside the BMP whole, never half a surrogate pair', () => {
    expect(lexError('RETURN 1 😀')).toBe("line 1:9 unexpected character '😀'");
    expect(lexError('RETURN 1😀')).toBe("line 1:8 unexpected character '😀'");
  });

  it('refuses a number glued to a word outside the BMP, naming the whole character', () => {
    expect(lexError('RETURN 12𝑥')).toBe("line 1:7 invalid number '12𝑥'");
  });

  it('reads a query of exactly the token limit', () => {
    // `RETURN [1,...,1]` with n items is 2n + 2 tokens.
    expect(tokenize(`RETURN [${Array(MAX_QUERY_TOKENS / 2 - 1).fill('1').join(',')}]`)).toHaveLength(MAX_QUERY_TOKENS + 1);
  });

  it('refuses a query of more tokens than the limit', () => {
    expect(lexError(`RETURN [${Array(MAX_QUERY_TOKENS / 2).fill('1').join(',')}]`)).toBe(TOO_MANY_TOKENS);
    expect(TOO_MANY_TOKENS).toBe('query is too long (at most 20000 tokens)');
  });

  it('refuses a number glued to a word', () => {
    expect(lexError('RETURN 12abc')).toBe("line 1:7 invalid number '12a'");
  });

  it('refuses integers beyond the exactly representable range', () => {
    expect(lexError('RETURN 99999999999999999999')).toBe("line 1:7 integer literal '99999999999999999999' is too large");
  });
});
