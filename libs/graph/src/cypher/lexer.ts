import type { Position } from './ast.js';
import { CypherError, errorAt, MAX_QUERY_TOKENS, TOO_MANY_TOKENS } from './errors.js';

export type TokenKind = 'ident' | 'quotedIdent' | 'string' | 'integer' | 'float' | 'param' | 'symbol' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Identifier name (unescaped for backtick names), symbol text, string value, or the number's source text. */
  text: string;
  /** Numeric value of integer and float tokens. */
  value?: number;
  pos: Position;
  /** Offsets into the query text ([start, end)), used to recover a projection item's source text. */
  start: number;
  end: number;
}

const SYMBOLS = ['..', '<>', '<=', '>=', '=~', '(', ')', '[', ']', '{', '}', ',', '.', ':', '|', ';', '=', '<', '>',
  '+', '-', '*', '/', '%', '^'];

const ESCAPES: Record<string, string> = {
  '\\': '\\', "'": "'", '"': '"', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f',
  N: '\n', T: '\t', R: '\r', B: '\b', F: '\f',
};

// PostgreSQL text and jsonb cannot hold NUL, so no stored name or value has one (ingest strips them): a query that
// names one could match nothing, and the database would refuse it as a parameter.
const NUL_IN_QUOTED_NAME = 'a quoted name cannot contain the NUL character';
const NUL_IN_STRING = 'a string literal cannot contain the NUL character';
const LOW_SURROGATE_ESCAPE = /^\\u(d[c-f][0-9a-f]{2})$/i;

const IDENT_START = /[\p{ID_Start}_]/u;
const IDENT_PART = /[\p{ID_Continue}$]/u;
const DIGIT = /[0-9]/;
// Sticky, so a number is read in place: slicing the rest of the text per number made long lists quadratic.
const RADIX_NUMBER = /0[xX][0-9a-fA-F]+|0o[0-7]+/y;
const DECIMAL_NUMBER = /(?:[0-9]+\.[0-9]+|\.[0-9]+|[0-9]+)(?:[eE][+-]?[0-9]+)?/y;

/**
 * Splits a query into tokens with positions, so every later error can say `line L:C`. Reads by code point, so a
 * character outside the BMP is one character (never half a surrogate pair). Refuses more than MAX_QUERY_TOKENS.
 */
export function tokenize(text: string): Token[] {
  return new Lexer(text).run();
}

class Lexer {
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  private readonly tokens: Token[] = [];

  constructor(private readonly text: string) {}

  run(): Token[] {
    for (;;) {
      this.skipBlanks();
      if (this.offset >= this.text.length) break;
      if (this.tokens.length === MAX_QUERY_TOKENS) throw new CypherError(TOO_MANY_TOKENS);
      this.tokens.push(this.next());
    }
    const pos = this.pos(this.offset);
    this.tokens.push({ kind: 'eof', text: '', pos, start: this.offset, end: this.offset });
    return this.tokens;
  }

  private pos(offset: number): Position {
    return { line: this.line, column: offset - this.lineStart };
  }

  private advance(to: number): void {
    for (let i = this.offset; i < to; i++) {
      if (this.text[i] === '\n') {
        this.line++;
        this.lineStart = i + 1;
      }
    }
    this.offset = to;
  }

  private skipBlanks(): void {
    const text = this.text;
    while (this.offset < text.length) {
      const c = text[this.offset];
      if (/\s/.test(c)) {
        this.advance(this.offset + 1);
      } else if (c === '/' && text[this.offset + 1] === '/') {
        const end = text.indexOf('\n', this.offset);
        this.advance(end === -1 ? text.length : end);
      } else if (c === '/' && text[this.offset + 1] === '*') {
        const end = text.indexOf('*/', this.offset + 2);
        if (end === -1) throw errorAt(this.pos(this.offset), 'unterminated comment');
        this.advance(end + 2);
      } else {
        return;
      }
    }
  }

  /** The whole character (one or two UTF-16 units) at an offset; '' at the end. */
  private charAt(offset: number): string {
    const code = this.text.codePointAt(offset);
    return code === undefined ? '' : String.fromCodePoint(code);
  }

  private next(): Token {
    const c = this.charAt(this.offset);
    if (c === "'" || c === '"') return this.string(c);
    if (c === '`') return this.quotedIdent();
    if (c === '$') return this.param();
    if (DIGIT.test(c) || (c === '.' && DIGIT.test(this.text[this.offset + 1] ?? ''))) return this.number();
    if (IDENT_START.test(c)) return this.ident();
    const symbol = SYMBOLS.find((s) => this.text.startsWith(s, this.offset));
    if (symbol === undefined) throw errorAt(this.pos(this.offset), `unexpected character '${c}'`);
    return this.token('symbol', symbol, this.offset + symbol.length);
  }

  private token(kind: TokenKind, text: string, end: number, value?: number): Token {
    const start = this.offset;
    const token: Token = { kind, text, pos: this.pos(start), start, end };
    if (value !== undefined) token.value = value;
    this.advance(end);
    return token;
  }

  private identEnd(from: number): number {
    let end = from;
    for (let c = this.charAt(end); c !== '' && IDENT_PART.test(c); c = this.charAt(end)) end += c.length;
    return end;
  }

  private ident(): Token {
    const end = this.identEnd(this.offset + this.charAt(this.offset).length);
    return this.token('ident', this.text.slice(this.offset, end), end);
  }

  private quotedIdent(): Token {
    const text = this.text;
    let name = '';
    let i = this.offset + 1;
    for (;;) {
      const close = text.indexOf('`', i);
      if (close === -1) throw errorAt(this.pos(this.offset), 'unterminated quoted name');
      name += text.slice(i, close);
      i = close;
      if (text[i + 1] !== '`') break;
      name += '`';
      i += 2;
    }
    if (name === '') throw errorAt(this.pos(this.offset), 'a quoted name cannot be empty');
    if (name.includes('\0')) throw errorAt(this.pos(this.offset), NUL_IN_QUOTED_NAME);
    return this.token('quotedIdent', name, i + 1);
  }

  private param(): Token {
    const next = this.charAt(this.offset + 1);
    let end = this.offset + 1;
    if (IDENT_START.test(next) || DIGIT.test(next)) end = this.identEnd(this.offset + 1);
    else if (next === '`') end = this.text.indexOf('`', this.offset + 2) + 1 || this.text.length;
    return this.token('param', this.text.slice(this.offset, end), end);
  }

  private string(quote: string): Token {
    const text = this.text;
    let value = '';
    let i = this.offset + 1;
    for (;;) {
      if (i >= text.length) throw errorAt(this.pos(this.offset), 'unterminated string literal');
      const c = text[i];
      if (c === quote) break;
      if (c !== '\\') {
        // Copy the run up to the next quote or backslash at once (surrogate pairs stay whole).
        let end = i + 1;
        while (end < text.length && text[end] !== quote && text[end] !== '\\') end++;
        value += text.slice(i, end);
        i = end;
        continue;
      }
      const e = text[i + 1] ?? '';
      if (e in ESCAPES) {
        value += ESCAPES[e];
        i += 2;
      } else if (e === 'u' || e === 'U') {
        const digits = e === 'u' ? 4 : 8;
        const hex = /^[0-9a-fA-F]*/.exec(text.slice(i + 2, i + 2 + digits))![0];
        const code = hex.length === digits ? parseInt(hex, 16) : NaN;
        if (!(code <= 0x10ffff)) throw this.badEscape(i, `\\${e}${hex}`);
        if (code >= 0xd800 && code <= 0xdfff) {
          // Half of a UTF-16 pair: valid only as a high half escaped right before its low half (as JSON writes 😀).
          const low = code <= 0xdbff && e === 'u' ? LOW_SURROGATE_ESCAPE.exec(text.slice(i + 6, i + 12)) : null;
          if (!low) throw this.badEscape(i, `\\${e}${hex}`);
          value += String.fromCharCode(code, parseInt(low[1], 16));
          i += 12;
          continue;
        }
        value += String.fromCodePoint(code);
        i += 2 + digits;
      } else {
        throw this.badEscape(i, text.slice(i, i + 2));
      }
    }
    if (value.includes('\0')) throw errorAt(this.pos(this.offset), NUL_IN_STRING);
    return this.token('string', value, i + 1);
  }

  private badEscape(offset: number, escape: string) {
    return errorAt(this.posAhead(offset), `invalid escape sequence '${escape}' in string literal`);
  }

  /** The position of an offset inside the token being read (strings may span lines). */
  private posAhead(offset: number): Position {
    let line = this.line;
    let lineStart = this.lineStart;
    for (let i = this.offset; i < offset; i++) {
      if (this.text[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return { line, column: offset - lineStart };
  }

  private number(): Token {
    RADIX_NUMBER.lastIndex = this.offset;
    const radix = RADIX_NUMBER.exec(this.text);
    DECIMAL_NUMBER.lastIndex = this.offset;
    const source = radix?.[0] ?? DECIMAL_NUMBER.exec(this.text)![0];
    const end = this.offset + source.length;
    const after = this.charAt(end);
    if (after !== '' && IDENT_PART.test(after)) {
      throw errorAt(this.pos(this.offset), `invalid number '${source}${after}'`);
    }
    if (radix) return this.integer(source, parseInt(source.slice(2), source[1].toLowerCase() === 'x' ? 16 : 8), end);
    if (/[.eE]/.test(source)) {
      const value = Number(source);
      if (!Number.isFinite(value)) throw errorAt(this.pos(this.offset), `float literal '${source}' is too large`);
      return this.token('float', source, end, value);
    }
    return this.integer(source, Number(source), end);
  }

  private integer(source: string, value: number, end: number): Token {
    if (!Number.isSafeInteger(value)) throw errorAt(this.pos(this.offset), `integer literal '${source}' is too large`);
    return this.token('integer', source, end, value);
  }
}
