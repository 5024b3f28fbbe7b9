import { convertSharpHound } from './index.js';

/** One `HttpEnrollmentEndpoints` item as SharpHoundCommon writes it: APIResult<CAEnrollmentEndpoint>. */
function endpoint(Url: string, flags: { http?: boolean; https?: boolean; epa?: boolean }, Collected = true) {
  return {
    Result: {
      Url, Type: 0, Status: 0, ADCSWebEnrollmentHTTP: flags.http ?? false, ADCSWebEnrollmentHTTPS: flags.https ?? false,
      ADCSWebEnrollmentEPA: flags.epa ?? false,
    },
    Collected, FailureReason: Collected ? null : 'Could not resolve hostname',
  };
}

function caProperties(HttpEnrollmentEndpoints: unknown) {
  return convertSharpHound('enterprisecas', 6, { ObjectIdentifier: 'ca-1', HttpEnrollmentEndpoints }).nodes[0].properties;
}

const HTTP = 'http://ca.x/certsrv/';
const HTTPS = 'https://ca.x/certsrv/';
const CES = 'https://ca.x/X-CA_CES_Kerberos/service.svc';

describe('enterprise CA web enrollment', () => {
  it('lists relayable HTTP endpoints and HTTPS endpoints without EPA and marks the CA vulnerable', () => {
    expect(caProperties([endpoint(HTTP, { http: true }), endpoint(HTTPS, { https: true }), endpoint(CES, { https: true, epa: true })]))
      .toEqual({ httpenrollmentendpoints: [HTTP], httpsenrollmentendpoints: [HTTPS], hasvulnerableendpoint: true });
    expect(caProperties([endpoint(HTTPS, { https: true })])).toEqual({ httpsenrollmentendpoints: [HTTPS], hasvulnerableendpoint: true });
  });

  it('marks the CA not vulnerable when endpoints were collected but none is relayable', () => {
    expect(caProperties([endpoint(HTTP, {}), endpoint(CES, { https: true, epa: true })])).toEqual({ hasvulnerableendpoint: false });
  });

  it('sets nothing when no endpoint was collected', () => {
    expect(caProperties([endpoint(HTTP, { http: true }, false)])).toEqual({});
    expect(caProperties(undefined)).toEqual({});
  });
});
