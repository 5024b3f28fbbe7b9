import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error.js';
import { applyListQuery } from './apply-list-query.js';
import { INT64_MAX, INT64_MIN } from '../common/int-bounds.js';
import { compileFilters } from './compile-filters.js';
import { defineListSpec } from './list-spec.js';
import { parseListQuery } from './parse-list-query.js';
import type { ListQuery, ListSpec } from './types.js';

const RUNS = { numRuns: 2000 };

const nodes = defineListSpec({
  filters: {
    name: { type: 'string', sql: 'n.name', allowIn: true },
    first_name: { type: 'string', sql: 'n.first_name', operators: ['eq', 'neq'] },
    count: { type: 'integer', sql: 'n.count', allowIn: true },
    big: { type: 'integer', sql: 'n.big', min: INT64_MIN, max: INT64_MAX },
    flag: { type: 'boolean', sql: 'n.flag' },
    uid: { type: 'uuid', sql: 'n.uid', allowIn: true },
    at: { type: 'timestamp', sql: 'n.at', allowIn: true },
  },
  sortable: { name: 'n.name', at: 'n.at', id: 'n.id' },
  defaultSort: [{ sql: 'n.id', direction: 'ASC' }],
  reserved: ['hydrate_ous', 'counts'],
  defaultLimit: 50,
  maxLimit: 500,
});

// Never initialized: SQL generation needs the driver, not a connection.
const dataSource = new DataSource({ type: 'postgres' });
const nodesQuery = () => dataSource.createQueryBuilder().select('n.id').from('nodes', 'n');

// --- arbitraries -------------------------------------------------------------------------------------------------

const trickyChar = fc.constantFrom('%', '_', '\\', ':', ',', '-', '+', ' ', '\u0000', "'", '"', ';', 'é', '🚀');
const tricky = fc.string({ unit: trickyChar });
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), tricky);
const integerText = fc.oneof(
  fc.integer({ min: -20, max: 200 }).map(String),
  fc.integer().map(String),
  fc.bigInt().map(String),
  fc.constantFrom('2147483648', '-0', '007', '+1', '1.5'),
);
const timestampText = fc.oneof(
  fc.date({ min: new Date('0001-01-02T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom('2025-07-08T17:00:00 02:00', '2025-02-30T00:00:00Z', '2025-07-08'),
);
const uuidText = fc.oneof(fc.uuid(), fc.uuid().map((u) => u.toUpperCase()));
const boolText = fc.constantFrom(
  ...['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False'],
  ...['yes', 'tRUE', ''],
);
const scalarText = fc.oneof(anyText, integerText, timestampText, uuidText, boolText, fc.constant('null'));
const listText = fc.array(scalarText, { maxLength: 4 }).map((items) => items.join(','));
const opToken = fc.constantFrom('eq', 'neq', 'gt', 'gte', 'lt', 'lte', '~eq', 'in', 'EQ', 'foo', '', '~', 'x_1');
const filterText = fc.tuple(opToken, fc.oneof(scalarText, listText)).map(([op, value]) => `${op}:${value}`);
const sortText = fc.oneof(
  fc.constantFrom('name', '-name', 'at', '-at', 'id', '-id', '', '-', '--name', 'nope', 'first_name'),
  anyText,
);
const valueText = fc.oneof(filterText, scalarText, sortText, integerText);
const paramValue = fc.oneof(valueText, fc.array(valueText, { maxLength: 4 }));

const paramName = fc.oneof(
  fc.constantFrom(...Object.keys(nodes.filters)),
  fc.constantFrom('skip', 'limit', 'offset', 'before', 'after', 'sort_by', 'hydrate_ous', 'counts'),
  fc.constantFrom('nope', 'constructor', '__proto__', 'toString', 'hasOwnProperty'),
  fc.string(),
);

// Well-formed filters for each declared column, so that accepted queries with predicates are common.
const withOp = (ops: string[], value: fc.Arbitrary<string>) =>
  fc.tuple(fc.constantFrom(...ops), value).map(([op, v]) => `${op}:${v}`);
const itemsOf = (item: fc.Arbitrary<string>) =>
  fc.array(item, { minLength: 1, maxLength: 4 }).map((items) => `in:${items.join(',')}`);
const noComma = anyText.map((text) => `x${text.replaceAll(',', '')}`);
const int32Text = fc.oneof(fc.integer({ min: -20, max: 200 }), fc.integer()).map(String);
const nullForm = fc.constantFrom('eq:null', 'neq:null');
const COMPARISONS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'];
const wellFormed: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(fc.constant('name'), fc.oneof(withOp(['eq', 'neq', '~eq'], anyText), itemsOf(noComma), nullForm)),
  fc.tuple(fc.constant('first_name'), withOp(['eq', 'neq'], anyText)),
  fc.tuple(fc.constant('count'), fc.oneof(withOp(COMPARISONS, int32Text), itemsOf(int32Text), nullForm)),
  fc.tuple(fc.constant('big'), withOp(['eq', 'gt', 'lte'], fc.bigInt(INT64_MIN, INT64_MAX).map(String))),
  fc.tuple(fc.constant('flag'), fc.oneof(boolText, withOp(['eq', 'neq'], boolText), nullForm)),
  fc.tuple(fc.constant('uid'), fc.oneof(withOp(['eq', 'neq'], uuidText), itemsOf(uuidText), nullForm)),
  fc.tuple(fc.constant('at'), fc.oneof(withOp(['gt', 'lt', 'eq'], timestampText), itemsOf(timestampText), nullForm)),
  fc.tuple(fc.constantFrom('sort_by', 'skip', 'limit', 'hydrate_ous', 'nope'), fc.oneof(sortText, integerText)),
);

// Object.fromEntries makes own properties even for `__proto__`; Node's querystring builds prototype-less objects.
const asQuery = ([entries, bare]: [[string, unknown][], boolean]) => {
  const query = Object.fromEntries(entries) as Record<string, unknown>;
  return bare ? Object.assign(Object.create(null) as Record<string, unknown>, query) : query;
};
const rawQuery = fc.tuple(fc.array(fc.tuple(paramName, paramValue), { maxLength: 8 }), fc.boolean()).map(asQuery);

// A repeated name becomes an array, as Express delivers it.
const plausibleQuery = fc.array(wellFormed, { maxLength: 6 }).map((entries) => {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of entries) {
    const earlier = query[name];
    query[name] = earlier === undefined ? value : [earlier, value].flat();
  }
  return query;
});
const anyQuery = fc.oneof(rawQuery, plausibleQuery);

/** parseListQuery's outcome: the query or its ApiError; any other exception propagates and fails the property. */
function outcome(spec: ListSpec, query: Record<string, unknown>): ListQuery | ApiError {
  try {
    return parseListQuery(spec, query);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

// --- the fixed vocabulary compiled SQL may consist of ------------------------------------------------------------

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const columnSql = Object.values(nodes.filters).map((column) => escapeRegExp(column.sql)).join('|');
const FRAGMENT = new RegExp(
  `^(?:${columnSql}) ` +
    `(?:(?:=|<>|>|>=|<|<=) :lq_\\d+|ILIKE :lq_\\d+ ESCAPE '\\\\'|= ANY\\(:lq_\\d+\\)|IS NULL|IS NOT NULL)$`,
);

describe('list query properties', () => {
  it('answers any query object with a ListQuery or an ApiError 400, never another failure', () => {
    fc.assert(
      fc.property(anyQuery, (query) => {
        const result = outcome(nodes, query);
        if (result instanceof ApiError) {
          expect(result.status).toBe(400);
          expect(typeof result.messages[0]).toBe('string');
        } else {
          // An accepted query must also compile and apply without failing.
          applyListQuery(nodesQuery(), nodes, result);
        }
      }),
      RUNS,
    );
  });

  it('compiles every accepted query from spec SQL, fixed operators and lq_N placeholders only', () => {
    fc.assert(
      fc.property(anyQuery, (query) => {
        const result = outcome(nodes, query);
        if (result instanceof ApiError) return;
        for (const filter of compileFilters(nodes, result)) {
          expect(filter.sql).toMatch(FRAGMENT);
          for (const name of Object.keys(filter.params)) expect(name).toMatch(/^lq_\d+$/);
        }
      }),
      RUNS,
    );
  });

  it('never lets a user value reach the SQL text', () => {
    const marker = fc.stringMatching(/^[a-z0-9]{6}$/).map((random) => `zq${random}`);
    const carrying = (m: string) => fc.tuple(anyText, anyText).map(([before, after]) => `${before}${m}${after}`);
    const markedQuery = marker.chain((m) =>
      fc
        .record({
          name: fc.array(
            withOp(['eq', 'neq', '~eq', 'in'], carrying(m).map((v) => v.replaceAll(',', ''))),
            { minLength: 1, maxLength: 3 },
          ),
          first_name: carrying(m).map((v) => `neq:${v}`),
          hydrate_ous: carrying(m),
          unknown: carrying(m).map((v) => `-${v}`),
          sort_by: fc.constantFrom('name', '-at', 'id'),
        })
        .map((query) => ({ m, query })),
    );
    fc.assert(
      fc.property(markedQuery, ({ m, query }) => {
        const result = outcome(nodes, query);
        if (result instanceof ApiError) {
          // NUL is the only thing these queries can be refused for.
          expect(JSON.stringify(query)).toContain('\\u0000');
          return;
        }
        const [sql, params] = applyListQuery(nodesQuery(), nodes, result).getQueryAndParameters();
        expect(sql).not.toContain(m);
        expect(JSON.stringify(params)).toContain(m);
        for (const filter of compileFilters(nodes, result)) expect(filter.sql).not.toContain('zq');
      }),
      RUNS,
    );
  });

  it('always applies a limit in [1, maxLimit] and a skip >= 0', () => {
    const limits = fc
      .integer({ min: 1, max: 2000 })
      .chain((maxLimit) =>
        fc.tuple(fc.constant(maxLimit), fc.option(fc.integer({ min: 1, max: maxLimit }), { nil: undefined })),
      );
    const pagingText = fc.oneof(integerText, fc.integer({ min: -10, max: 3000 }).map(String), anyText, fc.constant(''));
    const pagingValue = fc.oneof(pagingText, fc.array(pagingText, { maxLength: 3 }));
    const pagingQuery = fc.record({ skip: pagingValue, limit: pagingValue }, { requiredKeys: [] });
    fc.assert(
      fc.property(limits, fc.boolean(), pagingQuery, ([maxLimit, defaultLimit], paging, query) => {
        const spec = defineListSpec({ ...nodes, maxLimit, defaultLimit, paging });
        const result = outcome(spec, query);
        if (result instanceof ApiError) return;
        expect(Number.isSafeInteger(result.limit)).toBe(true);
        expect(result.limit).toBeGreaterThanOrEqual(1);
        expect(result.limit).toBeLessThanOrEqual(maxLimit);
        expect(Number.isSafeInteger(result.skip)).toBe(true);
        expect(result.skip).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });
});
