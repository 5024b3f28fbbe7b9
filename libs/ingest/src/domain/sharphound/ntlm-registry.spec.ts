import { convertSharpHound } from './index.js';

const PC = 'S-1-5-21-1-1001';

function computerProperties(extra: object) {
  return convertSharpHound('computers', 6, { ObjectIdentifier: PC, Properties: { name: 'pc.x' }, ...extra }).nodes[0].properties;
}

/** `NTLMRegistryData` as SharpHoundCommon writes it: APIResult<RegistryData> (OutputTypes/RegistryData.cs). */
function ntlm(Result: object, Collected = true) {
  return { NTLMRegistryData: { Result, Collected, FailureReason: Collected ? null : 'RPC unavailable' } };
}

/** The nine registry properties cleared (null removes a stored value) by every read, as the reference does. */
const CLEARED = {
  restrictoutboundntlm: null, restrictreceivingntmltraffic: null, requiresecuritysignature: null,
  enablesecuritysignature: null, ntlmminclientsec: null, ntlmminserversec: null, lmcompatibilitylevel: null,
  usemachineid: null, clientallowedntlmservers: null,
};

describe('computer NTLM registry properties', () => {
  it('stores the values under BloodHound names, reading SharpHound spellings case-insensitively', () => {
    const properties = computerProperties(ntlm({
      RestrictSendingNtlmTraffic: 2, RestrictReceivingNtlmTraffic: 1, NtlmMinServerSec: 536870912,
      NtlmMinClientSec: 537395200, LmCompatibilityLevel: 5, UseMachineId: 1, RequireSecuritySignature: 0,
    }));
    expect(properties).toEqual({
      ...CLEARED, name: 'PC.X', restrictoutboundntlm: true, restrictreceivingntmltraffic: false, ntlmminserversec: 536870912,
      ntlmminclientsec: 537395200, lmcompatibilitylevel: 5, usemachineid: true, requiresecuritysignature: false,
    });
  });

  it('treats only Deny all (2) as restricting and clears the values the host does not have', () => {
    expect(computerProperties(ntlm({ RestrictSendingNtlmTraffic: 1, RestrictReceivingNtlmTraffic: null, NtlmMinClientSec: null })))
      .toEqual({ ...CLEARED, name: 'PC.X', restrictoutboundntlm: false });
  });

  it('keeps the allowed-server list and the signing flags BloodHound reads', () => {
    const properties = computerProperties(ntlm({ EnableSecuritySignature: 1, ClientAllowedNTLMServers: ['srv1', 'srv2', 3] }));
    expect(properties).toEqual({ ...CLEARED, name: 'PC.X', enablesecuritysignature: true, clientallowedntlmservers: ['srv1', 'srv2'] });
  });

  it('sets nothing when the registry was not read', () => {
    expect(computerProperties(ntlm({ RestrictSendingNtlmTraffic: 2 }, false))).toEqual({ name: 'PC.X' });
    expect(computerProperties({ NTLMRegistryData: null })).toEqual({ name: 'PC.X' });
  });

  it('also reads values written beside Collected, as older BloodHound did', () => {
    expect(computerProperties({ NTLMRegistryData: { Collected: true, RestrictSendingNtlmTraffic: 2 } }))
      .toEqual({ ...CLEARED, name: 'PC.X', restrictoutboundntlm: true });
  });
});
