import { operationName, type Operation, type Parameter } from './openapi-operations.js';
import { SeededRandom } from './seeded-random.js';
import { unknownLike, UNKNOWN_UUID } from './fuzz-fixtures.js';
import { BodyModel, deeplyNestedBodies, malformedBodies, nulBodies, toJson, type BodyCase } from './json-bodies.js';
import {
  AUTHORIZATION_VALUES, FILTER_VALUES, HEADER_VALUES, MORE_PATH_IDS, NUL_FILTER_VALUES, NUL_TEXTS, PAGING_VALUES, PATH_IDS,
  PREFER_VALUES, QUERY_VALUES, REQUEST_DATE_VALUES, SIGNATURE_VALUES, SORT_VALUES,
} from './malformed-values.js';

/** The groups of cases, each asserted by a test of its own. */
export const CASE_CLASSES = ['path ids', 'query values', 'headers', 'malformed bodies', 'content types', 'NUL and lone surrogates', 'deep nesting'] as const;
export type CaseClass = (typeof CASE_CLASSES)[number];

/**
 * Who sends a case: the administrator's session (or, for signature-only operations, the collection client's
 * signature), a session of its own (for operations that end the caller's session), the administrator's API token
 * (a valid signature over the exact bytes: the signed path reads bodies differently), or nobody (the case's own
 * headers say everything, e.g. a bad Authorization); or the admin token with the case's RequestDate or Signature.
 */
export type Sender =
  | 'authenticated' | 'own session' | 'as given' | 'signed by the admin token'
  | 'admin token, this RequestDate' | 'admin token, this Signature';

/** One request of a fuzz run. */
export interface FuzzCase {
  cls: CaseClass;
  op: Operation;
  label: string;
  /** Path and query, as sent on the request line. */
  path: string;
  sender: Sender;
  headers: Record<string, string>;
  body?: Buffer;
}

/** What the cases of an operation are built from: the run's seed and the records the fixtures created. */
export interface CaseContext {
  seed: number;
  pathValues: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-/i;
const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/** Whether a request ends or removes the record its path names (it is fuzzed with ids that name nothing). */
const endsItsRecord = (op: Operation) => op.method === 'DELETE' || /\/(end|cancel)$/.test(op.template);

/** Whether the operation ends the caller's session (it is sent on a session of its own). */
const endsSession = (op: Operation) => /\/logout$/.test(op.template);

/** The path with every parameter filled with a real record (or a well-formed unknown one), `overrides` aside. */
function pathOf(op: Operation, ctx: CaseContext, overrides: Record<string, string> = {}): string {
  return op.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (overrides[name] !== undefined) return overrides[name];
    const value = ctx.pathValues[name] ?? (op.pathParams.find((p) => p.name === name)?.schema.type === 'number' ? '1' : 'fuzz');
    return encodeURIComponent(endsItsRecord(op) ? unknownLike(value) : value);
  });
}

/** Required query parameters with plausible values, so a case is about the one value it changes. */
function requiredQuery(op: Operation, except?: string): string[] {
  return op.queryParams.filter((p) => p.required && p.name !== except).map((p) => `${p.name}=${plausible(p)}`);
}

const plausible = (p: Parameter) => (p.schema.type === 'number' ? '1' : p.schema.type === 'boolean' ? 'true' : 'fuzz');

function withQuery(path: string, params: string[]): string {
  return params.length === 0 ? path : `${path}?${params.join('&')}`;
}

function caseOf(op: Operation, cls: CaseClass, label: string, path: string, extra: Partial<FuzzCase> = {}): FuzzCase {
  return { cls, op, label, path, sender: endsSession(op) ? 'own session' : 'authenticated', headers: {}, ...extra };
}

const json = (text: string) => ({ headers: { 'Content-Type': 'application/json' }, body: Buffer.from(text, 'utf8') });

/** Every case of one operation, in class order; the same seed gives the same cases. */
export function casesFor(op: Operation, ctx: CaseContext): FuzzCase[] {
  const random = new SeededRandom(`${ctx.seed}:${operationName(op)}`);
  const base = withQuery(pathOf(op, ctx), requiredQuery(op));
  const takesBody = WRITES.has(op.method) || op.body !== undefined;
  const model = new BodyModel(op.body?.schema, ctx.pathValues);
  // Every fourth body goes signed by the admin token where the operation takes one.
  const signable = !endsSession(op) && op.security === 'session or signature';
  const bodyCases = (cls: CaseClass, list: BodyCase[]) => list.map((c, i) =>
    caseOf(op, cls, c.label, base, { ...json(c.text), ...(signable && i % 4 === 3 ? { sender: 'signed by the admin token' as const } : {}) }));
  return [
    ...pathCases(op, ctx, random),
    ...queryCases(op, ctx, random),
    ...headerCases(op, base, random),
    ...headerParamCases(op, base, takesBody ? json(toJson(model.base())) : {}, random),
    ...(takesBody ? bodyCases('malformed bodies', malformedBodies(model, random)) : []),
    ...contentTypeCases(op, base, toJson(model.base()), random),
    ...(takesBody ? bodyCases('NUL and lone surrogates', nulBodies(model, random)) : []),
    ...nulPathAndQueryCases(op, ctx, random),
    ...(takesBody ? bodyCases('deep nesting', deeplyNestedBodies(model, random)) : []),
  ];
}

/** The path spelled differently: a trailing or doubled slash, upper case, a matrix parameter. */
const PATH_SPELLINGS: [string, (path: string) => string][] = [
  ['a trailing slash', (path) => `${path}/`],
  ['a doubled slash', (path) => path.replace(/\/([^/]*)$/, '//$1')],
  ['upper case', (path) => path.toUpperCase()],
  ['a matrix parameter', (path) => `${path};a=1`],
  ['a dot segment', (path) => path.replace(/\/([^/]*)$/, '/./$1')],
];

function pathCases(op: Operation, ctx: CaseContext, random: SeededRandom): FuzzCase[] {
  const spellings = random.sample(PATH_SPELLINGS, 2).map(([label, spell]) =>
    caseOf(op, 'path ids', `the path with ${label}`, withQuery(spell(pathOf(op, ctx)), requiredQuery(op))));
  return [...spellings, ...op.pathParams.flatMap((param) => {
    const real = ctx.pathValues[param.name] ?? '';
    const swapped = UUID.test(real) || param.schema.type === 'string' ? '1' : UNKNOWN_UUID;
    const ids = [...PATH_IDS, swapped, ...random.sample(MORE_PATH_IDS, 4)];
    return ids.map((id) => caseOf(op, 'path ids', `${param.name} = ${id.slice(0, 40)}`,
      withQuery(pathOf(op, ctx, { [param.name]: id }), requiredQuery(op))));
  })];
}

function queryCases(op: Operation, ctx: CaseContext, random: SeededRandom): FuzzCase[] {
  const path = pathOf(op, ctx);
  const cases: FuzzCase[] = [];
  const add = (label: string, params: string[], except?: string) =>
    cases.push(caseOf(op, 'query values', label, withQuery(path, [...requiredQuery(op, except), ...params])));
  for (const param of op.queryParams) {
    const values = QUERY_VALUES[param.schema.type === 'number' ? 'number' : param.schema.type === 'boolean' ? 'boolean' : 'other'];
    for (const value of random.sample(values, 4)) add(`${param.name}=${value.slice(0, 40)}`, [`${param.name}=${value}`], param.name);
    add(`${param.name} twice`, [`${param.name}=${plausible(param)}`, `${param.name}=x`], param.name);
    add(`${param.name}[a]`, [`${param.name}%5Ba%5D=1`], param.name);
  }
  if (!op.isList) return cases;
  for (const column of random.sample(op.columns, 6)) {
    for (const value of random.sample(FILTER_VALUES, 3)) add(`${column}=${value.slice(0, 40)}`, [`${column}=${value}`]);
  }
  add('an unknown column filtered', ['zzz_unknown=eq:1']);
  for (const value of random.sample(SORT_VALUES, 3)) add(`sort_by=${value.slice(0, 40)}`, [`sort_by=${value}`]);
  for (const name of ['skip', 'limit']) {
    for (const value of random.sample(PAGING_VALUES, 3)) add(`${name}=${value}`, [`${name}=${value}`]);
  }
  return cases;
}

function headerCases(op: Operation, path: string, random: SeededRandom): FuzzCase[] {
  const asGiven = (label: string, headers: Record<string, string>, sender: Sender = 'as given') =>
    caseOf(op, 'headers', label, path, { sender, headers });
  return [
    asGiven('no Authorization', {}),
    ...random.sample(AUTHORIZATION_VALUES, 2).map((value) => asGiven(`Authorization: ${value.slice(0, 40)}`, { Authorization: value })),
    ...random.sample(REQUEST_DATE_VALUES, 2).map((value) =>
      asGiven(`bhesignature with RequestDate: ${value.slice(0, 40)}`, { RequestDate: value }, 'admin token, this RequestDate')),
    ...random.sample(SIGNATURE_VALUES, 1).map((value) =>
      asGiven(`bhesignature with Signature: ${value.slice(0, 40)}`, { Signature: value }, 'admin token, this Signature')),
    ...random.sample(PREFER_VALUES, 2).map((value) => caseOf(op, 'headers', `Prefer: ${value}`, path, { headers: { Prefer: value } })),
  ];
}

/** Values for each header parameter the document declares, with a plausible body where the operation takes one. */
function headerParamCases(op: Operation, path: string, body: Partial<FuzzCase>, random: SeededRandom): FuzzCase[] {
  return op.headerParams.flatMap((param) => random.sample(HEADER_VALUES, 3).map((value) =>
    caseOf(op, 'headers', `${param.name}: ${value.slice(0, 40)}`, path, { ...body, headers: { ...body.headers, [param.name]: value } })));
}

const MULTIPART = (fields: string[]) => [
  ...fields.map((name) => `--fuzzBoundary\r\nContent-Disposition: form-data; name="${name}"; filename="x"\r\n\r\n<x>\u0000</x>\r\n`),
  '--fuzzBoundary--\r\n',
].join('');

function contentTypeCases(op: Operation, path: string, baseJson: string, random: SeededRandom): FuzzCase[] {
  const takesBody = WRITES.has(op.method) || op.body !== undefined;
  const send = (label: string, body: Buffer, headers: Record<string, string>) =>
    caseOf(op, 'content types', label, path, { body, headers });
  if (!takesBody) return [send('a GET with a malformed JSON body', Buffer.from('{"a":'), { 'Content-Type': 'application/json' })];
  const fields = Object.keys(op.body?.schema?.properties ?? { file: {} });
  const options = [
    send('text/plain', Buffer.from(baseJson), { 'Content-Type': 'text/plain' }),
    send('application/xml', Buffer.from('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'), { 'Content-Type': 'application/xml' }),
    send('multipart/form-data', Buffer.from(MULTIPART(fields)), { 'Content-Type': 'multipart/form-data; boundary=fuzzBoundary' }),
    send('multipart/form-data cut short', Buffer.from(MULTIPART(fields).slice(0, 60)), { 'Content-Type': 'multipart/form-data; boundary=fuzzBoundary' }),
    send('multipart/form-data without a boundary', Buffer.from('--x\r\n'), { 'Content-Type': 'multipart/form-data' }),
    send('no Content-Type with a JSON body', Buffer.from(baseJson), {}),
    send('application/x-www-form-urlencoded', Buffer.from('a=1&b[c]=2'), { 'Content-Type': 'application/x-www-form-urlencoded' }),
    send('JSON declared as UTF-16', Buffer.from(baseJson), { 'Content-Type': 'application/json; charset=utf-16' }),
    send('JSON with invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), { 'Content-Type': 'application/json' }),
    send('an empty JSON body', Buffer.alloc(0), { 'Content-Type': 'application/json' }),
    send('application/octet-stream', Buffer.from([0, 1, 2, 255, 254]), { 'Content-Type': 'application/octet-stream' }),
    send('application/zip that is not a zip', Buffer.from('PK\u0003\u0004garbage'), { 'Content-Type': 'application/zip' }),
    send('Content-Encoding: gzip that is not gzip', Buffer.from(baseJson), { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }),
    send('Content-Encoding: br', Buffer.from(baseJson), { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }),
    send('Content-Type: application/json;;;', Buffer.from(baseJson), { 'Content-Type': 'application/json;;;' }),
    send('Content-Type: */*', Buffer.from(baseJson), { 'Content-Type': '*/*' }),
  ];
  const chosen = random.sample(options, 7);
  const signed = random.sample(options.filter((c) => !chosen.includes(c)), 2).map((c) =>
    ({ ...c, label: `${c.label}, signed`, sender: endsSession(op) || op.security !== 'session or signature' ? c.sender : 'signed by the admin token' as const }));
  return [...chosen, ...signed];
}

function nulPathAndQueryCases(op: Operation, ctx: CaseContext, random: SeededRandom): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const param of op.pathParams) {
    for (const text of random.sample(NUL_TEXTS, 3)) {
      cases.push(caseOf(op, 'NUL and lone surrogates', `${param.name} = ${text}`,
        withQuery(pathOf(op, ctx, { [param.name]: text }), requiredQuery(op))));
    }
  }
  const path = pathOf(op, ctx);
  for (const param of op.queryParams) {
    const text = random.pick(NUL_TEXTS);
    cases.push(caseOf(op, 'NUL and lone surrogates', `${param.name}=${text}`,
      withQuery(path, [...requiredQuery(op, param.name), `${param.name}=${text}`])));
  }
  if (op.isList) {
    for (const column of random.sample(op.columns, 3)) {
      const value = random.pick(NUL_FILTER_VALUES);
      cases.push(caseOf(op, 'NUL and lone surrogates', `${column}=${value}`, withQuery(path, [...requiredQuery(op), `${column}=${value}`])));
    }
    cases.push(caseOf(op, 'NUL and lone surrogates', 'sort_by=%00', withQuery(path, [...requiredQuery(op), 'sort_by=%00'])));
  }
  return cases;
}

