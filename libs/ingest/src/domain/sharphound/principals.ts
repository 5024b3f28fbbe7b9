import type { EndpointRef } from '@app/graph';
import { endpoint } from './builder.js';
import { asArray, asObject, asString } from './json.js';
import { stubKinds } from './kinds.js';

/** A TypedPrincipal ({ObjectIdentifier, ObjectType}) as an endpoint, or undefined when it names nothing. */
export function typedPrincipal(value: unknown): EndpointRef | undefined {
  const principal = asObject(value);
  const id = asString(principal?.ObjectIdentifier)?.trim();
  return id ? endpoint(id, stubKinds(principal?.ObjectType)) : undefined;
}

/** Every usable TypedPrincipal of an array. */
export function typedPrincipals(value: unknown): EndpointRef[] {
  return asArray(value).map(typedPrincipal).filter((ref): ref is EndpointRef => ref !== undefined);
}

/** A bare SID or GUID naming an object of a known kind. */
export function idEndpoint(value: unknown, kinds: string[]): EndpointRef | undefined {
  const id = asString(value)?.trim();
  return id ? endpoint(id, kinds) : undefined;
}
