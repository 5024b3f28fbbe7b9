import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PREBUILT_QUERIES } from '../testing/prebuilt-queries.js';
import { prepareCypher } from './check.js';
import { CypherError } from './errors.js';

/** Either a query or a CypherError: any other exception would surface as a 500. */
function outcome(text: string): 'query' | 'refused' {
  try {
    prepareCypher(text);
    return 'query';
  } catch (error) {
    if (error instanceof CypherError) return 'refused';
    throw error;
  }
}

const FRAGMENTS = [
  '(', ')', '[', ']', '{', '}', '-', '->', '<-', '--', '*', '..', ':', '|', ',', '.', '=', '<>', '=~', '$p', '`',
  "'", '"', '\\', '/*', '*/', '//', '\n', ' ', 'MATCH', 'WHERE', 'RETURN', 'WITH', 'UNWIND', 'AS', 'NOT', 'AND',
  'OR', 'IN', 'IS NULL', 'CASE', 'UNION', 'CALL', 'CREATE', 'shortestPath', 'count(*)', 'all(x IN', 'n', 'p = ',
  '0x', '1.', '.5', '1e', '{a}', 'EXISTS {', '[x IN', 'DISTINCT', 'ORDER BY', 'LIMIT', 'SKIP', 'OPTIONAL',
];

const corpus = fc.constantFrom(...PREBUILT_QUERIES.map((q) => q.query));

/** A corpus query with a few random cuts, insertions and duplications. */
const mutated = fc.tuple(corpus, fc.array(fc.tuple(fc.nat(), fc.nat(40), fc.constantFrom(...FRAGMENTS)), { maxLength: 4 }))
  .map(([query, edits]) => edits.reduce((text, [at, cut, insert]) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + insert + text.slice(i + (cut % 3 === 0 ? cut : 0));
  }, query));

describe('parseCypher under fuzzing', () => {
  it('answers a query or a CypherError for arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (text) => {
      outcome(text);
    }), { numRuns: 2000 });
  });

  it('answers a query or a CypherError for arbitrary unicode', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
      outcome(text);
    }), { numRuns: 1000 });
  });

  it('answers a query or a CypherError for strings of Cypher fragments', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }), (parts) => {
      outcome(parts.join(' '));
    }), { numRuns: 2000 });
  });

  it('answers a query or a CypherError for mutated corpus queries', () => {
    fc.assert(fc.property(mutated, (text) => {
      outcome(text);
    }), { numRuns: 3000 });
  });

  it('accepts every corpus query with its comments removed and its layout collapsed', () => {
    for (const { query } of PREBUILT_QUERIES) {
      const flat = query.replace(/\/\/[^\n]*/g, '').replace(/\s+/g, ' ');
      expect(outcome(flat)).toBe('query');
    }
  });
});
