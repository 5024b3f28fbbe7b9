// Cypher text the explorer writes and reads: string literals built from attacker-controlled values (object ids,
// names), and the position the API's parser puts in its error messages.

/** Escapes the lexer understands inside a quoted string (libs/graph/src/cypher/lexer.ts). */
const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\', "'": "\\'", '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f',
};

/** A relationship type (edge kind) that may be written into a pattern as is: an identifier, nothing else. */
export function isCypherIdentifier(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
}

/**
 * A single-quoted Cypher string literal holding exactly `value`: quotes and backslashes escaped, so no value can
 * end the literal early and inject a clause. Other control characters become \uXXXX escapes.
 */
export function cypherString(value: string): string {
  let out = "'";
  for (const ch of value) {
    if (ESCAPES[ch] !== undefined) out += ESCAPES[ch];
    else if (ch < ' ' || ch === '\u007f') out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

export interface QueryPosition {
  /** 1-based line. */
  line: number;
  /** 1-based column (the API counts columns from 0: `line 1:0` is the first character). */
  column: number;
}

/**
 * Where the API's message places the error: the parser writes `line L:C <message>` (1-based line, 0-based
 * column); null when the message carries no position (complexity, unknown kind, ...).
 */
export function errorPosition(message: string): QueryPosition | null {
  const match = /\bline (\d+):(\d+)\b/.exec(message);
  if (!match) return null;
  return { line: Number(match[1]), column: Number(match[2]) + 1 };
}

/** "line N, column M" for people (both 1-based). */
export function describePosition(position: QueryPosition): string {
  return `line ${position.line}, column ${position.column}`;
}
