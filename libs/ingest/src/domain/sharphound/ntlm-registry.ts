import type { Properties } from '@app/graph';
import { asObject, fieldOf, isCollected } from './json.js';

type Convert = (value: number) => number | boolean;

const DENY_ALL = 2;
const asIs: Convert = (value) => value;
const isSet: Convert = (value) => value !== 0;

/**
 * NTLM registry values (SharpHoundCommon `APIResult<RegistryData>`) as BloodHound stores them (packages/go/ein/ad.go
 * ConvertComputerToNode). `restrictreceivingntmltraffic` is BloodHound's own spelling, which its queries use.
 */
const NTLM_VALUES: ReadonlyArray<[field: string, property: string, convert: Convert]> = [
  ['RestrictSendingNtlmTraffic', 'restrictoutboundntlm', (value) => value === DENY_ALL],
  ['RestrictReceivingNTLMTraffic', 'restrictreceivingntmltraffic', (value) => value === DENY_ALL],
  ['RequireSecuritySignature', 'requiresecuritysignature', isSet],
  ['EnableSecuritySignature', 'enablesecuritysignature', isSet],
  ['NtlmMinClientSec', 'ntlmminclientsec', asIs],
  ['NtlmMinServerSec', 'ntlmminserversec', asIs],
  ['LmCompatibilityLevel', 'lmcompatibilitylevel', asIs],
  ['UseMachineId', 'usemachineid', isSet],
];

/** Every property the registry read sets; a read clears all of them first. */
const NTLM_PROPERTIES = [...NTLM_VALUES.map(([, property]) => property), 'clientallowedntlmservers'];

/**
 * Sets the NTLM registry properties when the registry was read. Like the reference, a read first clears all nine
 * (a null in a graph write removes the stored property), so a value a newer collection no longer reports does not
 * linger from an older one; a value the host does not have (null) then stays cleared. Not read: nothing changes.
 * Older BloodHound read the values beside `Collected` rather than under `Result`; both are accepted.
 */
export function addNtlmRegistryProperties(object: unknown, properties: Properties): void {
  const data = asObject(object);
  if (!isCollected(data)) return;
  for (const property of NTLM_PROPERTIES) properties[property] = null;
  const result = asObject(fieldOf(data, 'Result')) ?? data;
  for (const [field, property, convert] of NTLM_VALUES) {
    const value = fieldOf(result, field);
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) properties[property] = convert(value);
  }
  const servers = fieldOf(result, 'ClientAllowedNTLMServers');
  if (Array.isArray(servers)) properties.clientallowedntlmservers = servers.filter((server): server is string => typeof server === 'string');
}
