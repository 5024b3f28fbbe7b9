import type { Position } from './ast.js';
import { CypherError, errorAt, NESTED_TOO_DEEPLY, PARAMETERS_NOT_SUPPORTED } from './errors.js';
import type { Token } from './lexer.js';

/** Deeper nesting is refused so that hostile input cannot overflow the stack of the parser or the translator. */
export const MAX_NESTING = 200;

const MAX_ECHO = 40;

const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Words that cannot name a variable (openCypher's reserved words plus the clauses we refuse). */
const RESERVED = new Set([
  'ALL', 'ASC', 'ASCENDING', 'BY', 'CREATE', 'DELETE', 'DESC', 'DESCENDING', 'DETACH', 'EXISTS', 'LIMIT', 'MATCH',
  'MERGE', 'ON', 'OPTIONAL', 'ORDER', 'REMOVE', 'RETURN', 'SET', 'SKIP', 'WHERE', 'WITH', 'UNION', 'UNWIND', 'AND',
  'AS', 'CONTAINS', 'DISTINCT', 'ENDS', 'IN', 'IS', 'NOT', 'OR', 'STARTS', 'XOR', 'CASE', 'ELSE', 'END', 'THEN',
  'WHEN', 'CONSTRAINT', 'DO', 'FOR', 'REQUIRE', 'UNIQUE', 'MANDATORY', 'SCALAR', 'OF', 'ADD', 'DROP', 'NULL', 'TRUE',
  'FALSE', 'CALL', 'FOREACH',
]);

/** The parser's cursor over the tokens: look-ahead, expectations with `expected X but found Y` errors, nesting. */
export class TokenStream {
  private index = 0;
  private depth = 0;
  /** For each opening bracket, the index of its closing bracket (-1 when unclosed), for O(1) look-ahead skips. */
  private readonly matches: Int32Array;

  constructor(readonly text: string, private readonly tokens: Token[]) {
    this.matches = matchBrackets(tokens);
  }

  /** The token `ahead` places on, without consuming it (end of input repeats). */
  peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)];
  }

  /** The last consumed token (to end a projection item's source text). */
  previous(): Token {
    return this.tokens[Math.max(this.index - 1, 0)];
  }

  /** Consumes and answers the current token. */
  next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.index++;
    return token;
  }

  /** The cursor's token index: the key of memoised look-ahead. */
  mark(): number {
    return this.index;
  }

  /** True when every token has been consumed. */
  atEnd(): boolean {
    return this.peek().kind === 'eof';
  }

  /** True when the token `ahead` places on is the (upper-case) word, in any case. */
  isKeyword(word: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'ident' && token.text.toUpperCase() === word;
  }

  /** True when the token `ahead` places on is the symbol. */
  isSymbol(symbol: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'symbol' && token.text === symbol;
  }

  /** Consumes the keyword when it comes next. */
  acceptKeyword(word: string): Token | undefined {
    return this.isKeyword(word) ? this.next() : undefined;
  }

  /** Consumes the symbol when it comes next. */
  acceptSymbol(symbol: string): Token | undefined {
    return this.isSymbol(symbol) ? this.next() : undefined;
  }

  /** Consumes the keyword, or refuses the query with `expected WORD but found ...`. */
  expectKeyword(word: string): Token {
    if (!this.isKeyword(word)) throw this.expected(word);
    return this.next();
  }

  /** Consumes the symbol, or refuses the query with `expected 'x' but found ...`. */
  expectSymbol(symbol: string): Token {
    if (!this.isSymbol(symbol)) throw this.expected(`'${symbol}'`);
    return this.next();
  }

  /** `line L:C expected <what> but found '<token>'`; a parameter token gets the parameter refusal instead. */
  expected(what: string, token = this.peek()): CypherError {
    if (token.kind === 'param') return new CypherError(PARAMETERS_NOT_SUPPORTED);
    return errorAt(token.pos, `expected ${what} but found ${this.describe(token)}`);
  }

  /** A token as the 400 message quotes it: its source text, shortened. */
  describe(token: Token): string {
    if (token.kind === 'eof') return 'end of input';
    const source = this.text.slice(token.start, token.end);
    // A huge string literal should not be echoed whole into the 400 message.
    return `'${source.length > MAX_ECHO ? `${source.slice(0, MAX_ECHO)}...` : source}'`;
  }

  /** True when the token can name a variable: a backtick name, or a word that is not reserved. */
  isVariable(ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'quotedIdent' || (token.kind === 'ident' && !RESERVED.has(token.text.toUpperCase()));
  }

  /** Consumes a variable name, or refuses the query. */
  variable(): string {
    if (!this.isVariable()) throw this.expected('a variable name');
    return this.next().text;
  }

  /** A label, type, property key or map key: any word, reserved or not. */
  isName(ahead = 0): boolean {
    const kind = this.peek(ahead).kind;
    return kind === 'ident' || kind === 'quotedIdent';
  }

  /** Consumes a name (see isName), or refuses the query with `expected <what> ...`. */
  name(what: string): string {
    if (!this.isName()) throw this.expected(what);
    return this.next().text;
  }

  /** Guards one level of nesting; pair with leave(). */
  enter(pos: Position): void {
    if (++this.depth > MAX_NESTING) {
      throw errorAt(pos, `${NESTED_TOO_DEEPLY} (more than ${MAX_NESTING} levels)`);
    }
  }

  /** Ends the level of nesting entered last. */
  leave(): void {
    this.depth--;
  }

  /** How many places ahead the bracket matching the one `ahead` places on closes; -1 when none does. */
  closing(ahead = 0): number {
    const at = this.index + ahead;
    const match = at < this.tokens.length ? this.matches[at] : -1;
    return match === -1 ? -1 : match - this.index;
  }
}

/** Pairs brackets in one pass; a stray or mismatched closer pairs with nothing (the parser reports it). */
function matchBrackets(tokens: Token[]): Int32Array {
  const matches = new Int32Array(tokens.length).fill(-1);
  const open: number[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'symbol') return;
    if (token.text in CLOSERS) open.push(index);
    else if (open.length && CLOSERS[tokens[open.at(-1)!].text] === token.text) matches[open.pop()!] = index;
  });
  return matches;
}
