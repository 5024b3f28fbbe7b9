import type { EndpointRef } from '@app/graph';
import { ObjectError, type Converted } from './converted.js';
import { storableText } from './properties.js';

/**
 * Limits that keep a converted object storable. PostgreSQL refuses NUL in text and jsonb, lone surrogates in jsonb,
 * and a btree index row over about 2.7 KB (objectid, name, distinguishedname, domainsid, tenantid are indexed): such an object would fail
 * its whole batch's write, so it is refused here instead (ObjectError: the object becomes a warning). Lengths are
 * in UTF-8 bytes, what the index stores.
 */
export const MAX_ID_BYTES = 1024;
export const MAX_INDEXED_BYTES = 2048;

/** Node properties with a btree index of their own. */
const INDEXED_PROPERTIES = ['name', 'distinguishedname', 'domainsid', 'tenantid'] as const;

/** Whether `text` takes more than `max` UTF-8 bytes (counted only when the length alone cannot tell). */
export function longerThan(text: string, max: number): boolean {
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is 4 bytes over two code units: 2 each.
    bytes += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
  }
  return bytes > max;
}

/**
 * Refuses an identifier (objectid, SID, GUID, DN) that cannot be stored or indexed; returns it otherwise. Unlike a
 * text value it is never altered: two ids that differ only there would become one node.
 */
export function checkId(id: string, what: string, max = MAX_ID_BYTES): string {
  if (id.includes('\0')) throw new ObjectError(`${what} contains a NUL character`);
  if (!id.isWellFormed()) throw new ObjectError(`${what} contains a lone surrogate`);
  if (longerThan(id, max)) throw new ObjectError(`${what} is longer than ${max} bytes`);
  return id;
}

/**
 * The last check of every converter's output: identifiers and indexed properties are refused when unstorable (as
 * above); other string values (set by converters outside `cleanProperties`) are made storable. Returns `converted`.
 */
export function storable(converted: Converted): Converted {
  for (const node of converted.nodes) {
    checkId(node.objectid, 'object id');
    for (const name of INDEXED_PROPERTIES) {
      const value = node.properties[name];
      if (typeof value === 'string') checkId(value, `property ${name}`, MAX_INDEXED_BYTES);
    }
    makeTextsStorable(node.properties);
  }
  for (const edge of converted.edges) {
    checkEndpoint(edge.start);
    checkEndpoint(edge.end);
    makeTextsStorable(edge.properties);
  }
  return converted;
}

function checkEndpoint(ref: EndpointRef): void {
  // A distinguishedname endpoint is looked up through the distinguishedname index.
  if (ref.matchBy === 'distinguishedname') checkId(ref.objectid, 'member distinguishedname', MAX_INDEXED_BYTES);
  else checkId(ref.objectid, 'edge endpoint id');
}

function makeTextsStorable(properties: Record<string, unknown>): void {
  for (const key in properties) {
    const value = properties[key];
    if (typeof value === 'string') {
      properties[key] = storableText(value);
    } else if (Array.isArray(value) && value.some((item) => typeof item === 'string' && storableText(item) !== item)) {
      properties[key] = value.map((item: unknown) => (typeof item === 'string' ? storableText(item) : item));
    }
  }
}
