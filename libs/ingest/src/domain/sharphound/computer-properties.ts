import type { Properties } from '@app/graph';
import { asBoolean, asObject, isCollected, type JsonObject } from './json.js';
import { addNtlmRegistryProperties } from './ntlm-registry.js';

const NOT_PRESENT = 'Registry value does not exist';

/** Schannel certificate mapping bits (KB5014754), for the readable `certificatemappingmethods`. */
const MAPPING_BITS: ReadonlyArray<[bit: number, name: string]> = [
  [0x1, 'Subject/Issuer'], [0x2, 'Issuer'], [0x4, 'UPN'], [0x8, 'S4U2Self'], [0x10, 'S4U2Self referral'],
];

const BINDING_ENFORCEMENT: ReadonlyMap<number, string> = new Map([
  [0, 'Disabled'], [1, 'Compatibility mode'], [2, 'Full enforcement'],
]);

/**
 * Computed computer properties: DC registry values (raw and readable, used by the ESC9/ESC10 checks), SMB signing,
 * WebClient state and NTLM registry values when collected, and the LDAP availability names BloodHound's queries use
 * (`ldapsigning`/`ldapsepa` arrive in Properties as they are).
 */
export function addComputerProperties(object: JsonObject, properties: Properties): void {
  const registry = asObject(object.DCRegistryData);
  const mapping = registryValue(registry?.CertificateMappingMethods);
  if (mapping !== undefined) {
    properties.certificatemappingmethodsraw = mapping;
    properties.certificatemappingmethods = mapping < 0 ? NOT_PRESENT : mappingNames(mapping);
  }
  const binding = registryValue(registry?.StrongCertificateBindingEnforcement);
  if (binding !== undefined) {
    properties.strongcertificatebindingenforcementraw = binding;
    properties.strongcertificatebindingenforcement = binding < 0 ? NOT_PRESENT : (BINDING_ENFORCEMENT.get(binding) ?? String(binding));
  }
  // SmbInfo is an APIResult<SmbInfo> ({Collected, Result: {SigningEnabled}}); older BloodHound read it flat, so do we.
  const smb = asObject(object.SmbInfo);
  const signing = asBoolean(asObject(smb?.Result)?.SigningEnabled) ?? asBoolean(smb?.SigningEnabled);
  if (isCollected(smb) && signing !== undefined) properties.smbsigning = signing;
  const webClient = asObject(object.IsWebClientRunning);
  const running = asBoolean(webClient?.Result);
  if (isCollected(webClient) && running !== undefined) properties.webclientrunning = running;
  addNtlmRegistryProperties(object.NTLMRegistryData, properties);
  rename(properties, 'ldapenabled', 'ldapavailable');
  rename(properties, 'ldapsenabled', 'ldapsavailable');
}

/** A registry value SharpHound read: a number, or {Value, Collected} in newer output; null when not read. */
function registryValue(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  const result = asObject(value);
  if (result && isCollected(result) && typeof result.Value === 'number' && Number.isInteger(result.Value)) return result.Value;
  return undefined;
}

function mappingNames(value: number): string {
  const names = MAPPING_BITS.filter(([bit]) => (value & bit) !== 0).map(([, name]) => name);
  return `0x${value.toString(16).toUpperCase().padStart(2, '0')}${names.length > 0 ? `: ${names.join(', ')}` : ''}`;
}

function rename(properties: Properties, from: string, to: string): void {
  if (!(from in properties)) return;
  properties[to] = properties[from];
  delete properties[from];
}
