import { describe, expect, it } from '@jest/globals';
import { cypherString, describePosition, errorPosition } from './cypher-text';

/** What the API's lexer reads back from a literal (its escape table), to prove the round trip. */
function unquote(literal: string): string {
  expect(literal.startsWith("'") && literal.endsWith("'")).toBe(true);
  const body = literal.slice(1, -1);
  const simple: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "'") throw new Error(`unescaped quote at ${i}`);
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[i + 1];
    if (e in simple) {
      out += simple[e];
      i += 1;
    } else if (e === 'u') {
      out += String.fromCharCode(parseInt(body.slice(i + 2, i + 6), 16));
      i += 5;
    } else {
      throw new Error(`bad escape ${e}`);
    }
  }
  return out;
}

describe('cypherString', () => {
  it('quotes plain values as they are', () => {
    expect(cypherString('S-1-5-21-1-2-3-512')).toBe("'S-1-5-21-1-2-3-512'");
  });

  it('escapes quotes and backslashes so the literal cannot be closed early', () => {
    const hostile = "x' OR 1=1 WITH n MATCH (m) DETACH DELETE m //\\";
    const literal = cypherString(hostile);
    expect(literal).toBe("'x\\' OR 1=1 WITH n MATCH (m) DETACH DELETE m //\\\\'");
    expect(unquote(literal)).toBe(hostile);
  });

  it('round-trips control characters, double quotes and non-ASCII text', () => {
    for (const value of ['a\nb\r\tc', 'say "hi"', '\\\'', 'ÉLODIE@ÉXAMPLE.FR', '😀 emoji', '\u0001\u007f', "trailing\\"]) {
      expect(unquote(cypherString(value))).toBe(value);
    }
  });
});

describe('errorPosition', () => {
  it('reads the parser\'s line L:C (0-based column) as 1-based line and column', () => {
    expect(errorPosition("line 2:0 expected a clause (MATCH, OPTIONAL MATCH, WITH, UNWIND or RETURN) but found 'RETRN'"))
      .toEqual({ line: 2, column: 1 });
    expect(errorPosition('line 1:43 UNION is not supported')).toEqual({ line: 1, column: 44 });
  });

  it('finds the position after a prefix', () => {
    expect(errorPosition('invalid input: line 3:7 unterminated string literal')).toEqual({ line: 3, column: 8 });
  });

  it('answers null when the message has no position', () => {
    expect(errorPosition('cypher query is too complex and is likely to result in poor or unstable database performance')).toBeNull();
    expect(errorPosition('resource not found')).toBeNull();
    expect(errorPosition('the pipeline is 12:30 late')).toBeNull();
  });

  it('describes a position for people', () => {
    expect(describePosition({ line: 2, column: 1 })).toBe('line 2, column 1');
  });
});
