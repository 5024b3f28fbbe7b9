import type { HttpMethod } from '../auth.js';

/** The part of an OpenAPI 3 schema the fuzzer reads. */
export interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  description?: string;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

/** Who may call an operation, as its `security` says. */
export type Security = 'public' | 'session or signature' | 'signature only';

/** One path × method of the document, with what the fuzzer needs to build requests for it. */
export interface Operation {
  method: HttpMethod;
  /** The path as the document writes it, e.g. `/api/v2/clients/{client_id}`. */
  template: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** Media types of the declared request body, and its JSON schema ($refs resolved) when it has one. */
  body?: { mediaTypes: string[]; schema?: Schema };
  security: Security;
  /** A list route (paginated, filtered or sorted, by its parameters or its description). */
  isList: boolean;
  /** Column names the description mentions for filters and sort_by, known to the document's schemas. */
  columns: string[];
}

export const operationName = (op: Pick<Operation, 'method' | 'template'>) => `${op.method} ${op.template}`;

interface Document {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, RawParameter> };
}
interface RawParameter { name: string; in: string; required?: boolean; schema?: Schema; $ref?: string }
interface RawOperation {
  parameters?: RawParameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, unknown>[];
  description?: string;
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const LIST_HINT = /\b(filters?|paginated|sort_by)\b/i;
const PAGING_PARAMS = new Set(['skip', 'limit', 'sort_by']);

/** Every operation of an OpenAPI document, in document order. */
export function readOperations(doc: Document): Operation[] {
  const schemas = doc.components?.schemas ?? {};
  const knownNames = new Set(Object.values(schemas).flatMap((schema) => Object.keys(schema.properties ?? {})));
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [verb, raw] of Object.entries(item)) {
      const method = verb.toUpperCase() as HttpMethod;
      if (!METHODS.includes(method)) continue;
      const params = (raw.parameters ?? []).map((p) => resolveParameter(p, doc)).filter((p): p is Parameter => p !== undefined);
      const queryParams = params.filter((p) => p.in === 'query');
      const description = raw.description ?? '';
      operations.push({
        method,
        template,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams,
        headerParams: params.filter((p) => p.in === 'header'),
        body: raw.requestBody && {
          mediaTypes: Object.keys(raw.requestBody.content ?? {}),
          schema: jsonSchemaOf(raw.requestBody.content, schemas),
        },
        security: securityOf(raw.security),
        isList: method === 'GET' && (queryParams.some((p) => PAGING_PARAMS.has(p.name)) || LIST_HINT.test(description)),
        columns: columnsNamed(description, knownNames),
      });
    }
  }
  return operations;
}

function resolveParameter(raw: RawParameter, doc: Document): Parameter | undefined {
  const param = raw.$ref ? doc.components?.parameters?.[raw.$ref.split('/').pop()!] : raw;
  if (!param || (param.in !== 'path' && param.in !== 'query' && param.in !== 'header')) return undefined;
  return { name: param.name, in: param.in, required: param.required ?? param.in === 'path', schema: param.schema ?? {} };
}

function securityOf(security: Record<string, unknown>[] | undefined): Security {
  if (security === undefined) return 'session or signature';
  if (security.some((requirement) => Object.keys(requirement).length === 0)) return 'public';
  return security.every((requirement) => Object.keys(requirement).every((name) => name === 'signature'))
    ? 'signature only'
    : 'session or signature';
}

/** The JSON body's schema; none for a file sent as is (`format: binary`), whose shape the document does not give. */
function jsonSchemaOf(content: Record<string, { schema?: Schema }> | undefined, schemas: Record<string, Schema>): Schema | undefined {
  const schema = content?.['application/json']?.schema;
  return schema && schema.format !== 'binary' ? resolveSchema(schema, schemas, 0) : undefined;
}

/** The schema with every $ref replaced by its target (cycles cut at a fixed depth). */
function resolveSchema(schema: Schema, schemas: Record<string, Schema>, depth: number): Schema {
  if (depth > 8) return {};
  const target = schema.$ref ? schemas[schema.$ref.split('/').pop()!] ?? {} : schema;
  return {
    ...target,
    $ref: undefined,
    properties: target.properties && Object.fromEntries(
      Object.entries(target.properties).map(([name, property]) => [name, resolveSchema(property, schemas, depth + 1)]),
    ),
    items: target.items && resolveSchema(target.items, schemas, depth + 1),
  };
}

/** The words of the description after its first mention of filters or sorting that name a field of the document. */
function columnsNamed(description: string, knownNames: ReadonlySet<string>): string[] {
  const start = description.search(LIST_HINT);
  if (start < 0) return [];
  const words = description.slice(start).match(/[a-z][a-z0-9_]*/g) ?? [];
  return [...new Set(words.filter((word) => knownNames.has(word) || word.includes('_')))]
    .filter((word) => !PAGING_PARAMS.has(word));
}
