import type { EndpointRef, Properties } from '@app/graph';
import type { SharpHoundType } from '../collector-types.js';
import { ObjectError } from '../converted.js';
import { cleanProperties } from '../properties.js';
import { checkId } from '../storable.js';
import { ConvertedBuilder, endpoint } from './builder.js';
import { asArray, asBoolean, asObject, asString, type JsonObject } from './json.js';
import { kindsOf, NODE_KIND } from './kinds.js';

/** One object being converted: its raw JSON, identity, node properties (still mutable) and the output. */
export interface ObjectContext {
  type: Exclude<SharpHoundType, 'sessions'>;
  object: JsonObject;
  /** Upper-cased ObjectIdentifier. */
  id: string;
  kind: string;
  /** This object as an edge endpoint. */
  self: EndpointRef;
  properties: Properties;
  out: ConvertedBuilder;
}

/** Property values compared case-insensitively by BloodHound's queries, stored upper-cased (ingest-reference §2). */
const UPPER_CASED = ['name', 'distinguishedname', 'operatingsystem'];

/**
 * Reads an object's identity and base properties and emits its node (first in the output). Per-type converters
 * may still add computed properties: the node holds the same properties object.
 */
export function openObject(type: ObjectContext['type'], raw: unknown): ObjectContext {
  const object = asObject(raw);
  if (!object) throw new ObjectError('not a JSON object');
  const objectid = asString(object.ObjectIdentifier)?.trim();
  if (!objectid) throw new ObjectError('no ObjectIdentifier');
  const id = checkId(objectid.toUpperCase(), 'ObjectIdentifier');
  const kind = NODE_KIND[type];
  const properties = baseProperties(object);
  const out = new ConvertedBuilder();
  out.node(id, kindsOf(kind), properties);
  return { type, object, id, kind, self: endpoint(id, kindsOf(kind)), properties, out };
}

function baseProperties(object: JsonObject): Properties {
  const properties = cleanProperties(object.Properties);
  for (const name of UPPER_CASED) {
    const value = properties[name];
    if (typeof value === 'string') properties[name] = value.toUpperCase();
  }
  const aclProtected = asBoolean(object.IsACLProtected);
  if (aclProtected !== undefined && properties.isaclprotected === undefined) properties.isaclprotected = aclProtected;
  const hashes = asArray(object.InheritanceHashes).filter((hash): hash is string => typeof hash === 'string');
  if (hashes.length > 0) properties.inheritancehashes = hashes;
  return properties;
}
